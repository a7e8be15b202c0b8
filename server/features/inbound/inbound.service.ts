import type { InboundEmailResponse } from '@shared/contracts/inbound';
import type { TicketAttachment, TicketDetail } from '@shared/contracts/tickets';
import type { AppConfig } from '../../config';
import type { Database, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { applyAttachmentLimits, type AttachmentLimits } from '../../core/conversation/attachment-limits';
import * as conversationService from '../../core/conversation/conversation.service';
import * as ticketsService from '../../core/tickets/tickets.service';
import { autoReplyReason } from './auto-reply';
import { groupOfNewTicket } from './group-routing';
import type { DeliveryReport } from './delivery-report';
import { dedupeKey, ourAddress, type InboundMessage } from './inbound-message';
import * as repository from './inbound.repository';
import { messageIdsOf, referencedMessageIds } from './referenced-messages';
import { ticketNumbersIn } from '../../lib/reply-subject';

export interface InboundSettings {
  /** Lower-cased; mail from it is a loop. */
  supportAddress: string | undefined;
  maxTicketsPerSenderPerMinute: number;
  /** What of a message's files is stored (ATTACHMENT_MAX_FILE_BYTES, ATTACHMENT_MAX_MESSAGE_BYTES). */
  attachments: AttachmentLimits;
}

/** The inbound settings from the app's configuration: the webhook and the mailbox fetch use the same. */
export const inboundSettingsFrom = (config: AppConfig): InboundSettings => ({
  supportAddress: config.inbound.supportAddress,
  maxTicketsPerSenderPerMinute: config.inbound.maxTicketsPerSenderPerMinute,
  attachments: config.attachments,
});

export const INBOUND_SERVICE_MESSAGES = {
  tooMany: 'Too many emails from this sender; try again later',
  notInThread: (ticketNumbers: readonly string[]) =>
    `This email names ${ticketNumbers.join(', ')}, but its sender is not part of ${ticketNumbers.length > 1 ? 'those tickets' : 'that ticket'}, so it opened a new ticket.`,
} as const;

const THROTTLE_WINDOW_SECONDS = 60;

async function enforceSenderLimit(tx: DbOrTx, sender: string, key: string, limit: number): Promise<void> {
  const recent = await repository.recentFromSender(tx, sender, key, THROTTLE_WINDOW_SECONDS);
  if (recent.count < limit) return;
  throw new AppError('too_many_requests', INBOUND_SERVICE_MESSAGES.tooMany, {
    retryAfterSeconds: Math.max(1, recent.secondsUntilOldestExpires),
  });
}

/** Where a message goes. */
type ReplyTarget =
  | { kind: 'none' }
  /** It joins this ticket's conversation (the ticket is locked). */
  | { kind: 'ticket'; ticketId: string }
  /** The tickets it names exist, but its sender is not part of any of them: it opens a new ticket. */
  | { kind: 'refused'; ticketNumbers: string[] };

/** A message joining a ticket: it reopens a closed one, and its assignee is told (notifications). */
const receivedTouch = (message: InboundMessage): ticketsService.EmailTouch => ({
  reopen: true,
  received: { fromEmail: message.from.address, fromName: message.from.name },
});

/**
 * The ticket whose thread the message answers: its In-Reply-To or References names a message received
 * or sent in that ticket's conversation, or the email that opened it. Such an id is proof of taking
 * part in the conversation (docs/decisions/050-who-may-reply-by-email.md), so no ticket number is needed. Undefined when none does
 * (or that ticket was deleted meanwhile); the ticket is locked and marked changed otherwise.
 */
async function threadTarget(tx: DbOrTx, message: InboundMessage): Promise<string | undefined> {
  const ticketId = await conversationService.findThreadTicket(tx, referencedMessageIds(message.headers));
  return ticketId && (await ticketsService.touchForEmail(tx, ticketId, receivedTouch(message)))
    ? ticketId
    : undefined;
}

/**
 * The first ticket named in the subject that exists and that the sender may write to, locked. A
 * ticket number alone proves nothing (numbers are guessable), so the sender must be the ticket's
 * requester, have written to it before, or answer one of its messages (In-Reply-To / References).
 */
async function subjectTarget(tx: DbOrTx, message: InboundMessage): Promise<ReplyTarget> {
  const numbers = ticketNumbersIn(message.subject);
  if (numbers.length === 0) return { kind: 'none' };
  const found = await ticketsService.lockTicketsByNumber(tx, numbers);
  const byNumber = new Map(found.map((ticket) => [ticket.ticketNumber, ticket]));
  const named = numbers.flatMap((number) => byNumber.get(number) ?? []);
  if (named.length === 0) return { kind: 'none' };

  const sender = message.from.address.toLowerCase();
  const isRequester = (ticket: { fromEmail: string }) => ticket.fromEmail.toLowerCase() === sender;
  // A merged ticket's thread lives on in the ticket it was merged into (docs/decisions/074-merging-tickets.md).
  const threadOf = (ticket: (typeof named)[number]) => ticket.mergedIntoId ?? ticket.id;
  const inThread = await repository.ticketsInThreadWith(
    tx,
    named.filter((ticket) => !isRequester(ticket)).map(threadOf),
    sender,
    referencedMessageIds(message.headers),
  );
  const joined = named.find((ticket) => isRequester(ticket) || inThread.has(threadOf(ticket)));
  if (!joined) return { kind: 'refused', ticketNumbers: named.map((ticket) => ticket.ticketNumber) };
  const ticketId = threadOf(joined);
  if (!(await ticketsService.touchForEmail(tx, ticketId, receivedTouch(message)))) return { kind: 'none' };
  return { kind: 'ticket', ticketId };
}

/**
 * Which ticket a message joins: first the thread its In-Reply-To / References name, then a ticket
 * number in the subject when its sender is part of that ticket. The joined ticket is locked, reopened
 * when closed, and its lastUpdatedBy null and updatedAt now, so agents' update checks report it.
 */
async function replyTarget(tx: DbOrTx, message: InboundMessage): Promise<ReplyTarget> {
  const inThread = await threadTarget(tx, message);
  return inThread ? { kind: 'ticket', ticketId: inThread } : subjectTarget(tx, message);
}

/** The ticket's metadata of a new ticket's files (the spec's `attachments`), as before. */
const metadataOf = (message: InboundMessage): TicketAttachment[] =>
  message.files.map(({ filename, contentType, size }) => ({ filename, contentType, size }));

/** A reply as a message of the conversation: sender, our address, subject, body as received, ids. */
function receivedMessage(message: InboundMessage, settings: InboundSettings) {
  const inReplyTo = messageIdsOf(message.headers, 'in-reply-to');
  return {
    fromName: message.from.name,
    fromEmail: message.from.address,
    to: ourAddress(message, settings.supportAddress),
    subject: message.subject,
    body: message.body,
    messageId: 'messageId' in message.identity ? message.identity.messageId : null,
    inReplyTo: inReplyTo[inReplyTo.length - 1] ?? null,
    references: messageIdsOf(message.headers, 'references'),
  };
}

type Outcome = { kind: 'duplicate' | repository.InboundOutcome; ticket: TicketDetail };

/** Where a message came from, when not the webhook. */
export interface IngestOptions {
  /** The group of the IMAP mailbox it was fetched from (null or undefined: routed by address). */
  mailboxGroupId?: string | null;
}

/**
 * Creates the ticket or adds the reply to a ticket's conversation, with the files, and records the
 * message, in one transaction.
 */
function recordMessage(
  db: Database,
  settings: InboundSettings,
  message: InboundMessage,
  options: IngestOptions,
): Promise<Outcome> {
  const sender = message.from.address.toLowerCase();
  const key = dedupeKey(message.identity);
  const messageId = 'messageId' in message.identity ? message.identity.messageId : undefined;
  return db.transaction(async (tx) => {
    await repository.lockSender(tx, sender);
    if (!(await repository.claimMessage(tx, { dedupeKey: key, sender, messageId }))) {
      const ticketId = await repository.findRecordedTicketId(tx, key);
      // A recorded message always has its ticket: the claim and the outcome commit together.
      if (!ticketId) throw new AppError('conflict', 'This message is being processed; try again');
      return { kind: 'duplicate', ticket: await ticketsService.getTicket(tx, ticketId) };
    }
    await enforceSenderLimit(tx, sender, key, settings.maxTicketsPerSenderPerMinute);

    const target = await replyTarget(tx, message);
    if (target.kind === 'ticket') {
      const replyTo = target.ticketId;
      // Every file is listed; one that came without content (JSON) is listed as not kept.
      const files = applyAttachmentLimits(message.files, settings.attachments);
      await conversationService.addReceivedMessage(tx, replyTo, receivedMessage(message, settings), files);
      await repository.recordOutcome(tx, key, replyTo, 'appended');
      return { kind: 'appended', ticket: await ticketsService.getTicket(tx, replyTo) };
    }
    const ticketId = await ticketsService.createEmailTicket(tx, {
      subject: message.subject,
      body: message.body,
      fromEmail: message.from.address,
      fromName: message.from.name,
      priority: message.priority,
      originalEmailDate: message.received,
      attachments: metadataOf(message),
      // The creation path sets the group (and whatever assignment the group asks for) itself.
      groupId: await groupOfNewTicket(tx, message, options.mailboxGroupId),
    });
    // A new ticket lists every file in its metadata; only files that came with content are stored.
    const stored = message.files.filter((file) => file.content !== undefined);
    await conversationService.addOriginalFiles(
      tx,
      ticketId,
      applyAttachmentLimits(stored, settings.attachments),
    );
    if (target.kind === 'refused') {
      await ticketsService.appendSystemNote(
        tx,
        ticketId,
        INBOUND_SERVICE_MESSAGES.notInThread(target.ticketNumbers),
      );
    }
    await repository.recordOutcome(tx, key, ticketId, 'created');
    return { kind: 'created', ticket: await ticketsService.getTicket(tx, ticketId) };
  });
}

/**
 * A bounce of one of our replies marks it failed (when delivery failed rather than was delayed) and
 * its ticket changed, so agents see it. True when the report names one of our replies. Tickets are
 * locked before their messages, the order in which replies are written.
 */
function recordBounce(db: Database, report: DeliveryReport): Promise<boolean> {
  if (report.messageIds.length === 0) return Promise.resolve(false);
  return db.transaction(async (tx) => {
    const ours = await conversationService.findOurReplies(tx, report.messageIds);
    if (ours.length === 0) return false;
    const sent = ours.filter((reply) => reply.status === 'sent');
    if (report.failure && sent.length > 0) {
      for (const ticketId of [...new Set(sent.map((reply) => reply.ticketId))].sort()) {
        await ticketsService.touchForEmail(tx, ticketId, { reopen: false, bounced: true });
      }
      await conversationService.failBouncedReplies(
        tx,
        sent.map((reply) => reply.id),
        report.failure,
      );
    }
    return true;
  });
}

/**
 * Turns an inbound email into a ticket (spec §1: tickets arrive by email). In order: a bounce of one
 * of our replies marks it failed; auto-replies, loops and other bounces are acknowledged and dropped;
 * a message seen before answers with its ticket; a sender over the per-minute limit is refused (429);
 * a reply joins the ticket whose thread it answers, or whose number its subject names when the sender
 * is part of that ticket (see replyTarget), as a conversation message; anything else opens a ticket,
 * in the group the mailbox or the address it was sent to names (group-routing.ts).
 */
export async function ingestEmail(
  db: Database,
  settings: InboundSettings,
  message: InboundMessage,
  options: IngestOptions = {},
): Promise<InboundEmailResponse> {
  const report = message.deliveryReport;
  if (report && (await recordBounce(db, report))) return { accepted: true, ignored: 'bounce' };
  const ignored =
    autoReplyReason(message, settings.supportAddress) ??
    // A group's address sends our replies (issue 39): mail from it is our own coming back, a loop.
    ((await repository.isGroupAddress(db, message.from.address)) ? 'own_address' : undefined) ??
    (report ? 'bounce' : undefined);
  if (ignored) return { accepted: true, ignored };
  const { kind, ticket } = await recordMessage(db, settings, message, options);
  switch (kind) {
    case 'created':
      return { ticket, created: true };
    case 'appended':
      return { ticket, created: false, appendedNote: true };
    case 'duplicate':
      return { ticket, created: false, duplicate: true };
  }
}
