import type { InboundEmailResponse } from '@shared/contracts/inbound';
import { TICKET_LIMITS, type TicketAttachment, type TicketDetail } from '@shared/contracts/tickets';
import type { Database, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { bodyToText } from '../tickets/body-text';
import * as ticketsService from '../tickets/tickets.service';
import { autoReplyReason } from './auto-reply';
import { dedupeKey, type InboundMessage } from './inbound-message';
import * as repository from './inbound.repository';
import { referencedMessageIds } from './referenced-messages';
import { ticketNumbersIn } from './reply-subject';

export interface InboundSettings {
  /** Lower-cased; mail from it is a loop. */
  supportAddress: string | undefined;
  maxTicketsPerSenderPerMinute: number;
}

export const INBOUND_SERVICE_MESSAGES = {
  tooMany: 'Too many emails from this sender; try again later',
  noText: '(no message text)',
  truncated: '… [truncated]',
  attachments: 'Attachments',
  notInThread: (ticketNumbers: readonly string[]) =>
    `This email names ${ticketNumbers.join(', ')}, but its sender is not part of ${ticketNumbers.length > 1 ? 'those tickets' : 'that ticket'}, so it opened a new ticket.`,
} as const;

const THROTTLE_WINDOW_SECONDS = 60;

/** The author of a reply note: "Name <address>" (or the address alone) and the sender's initials. */
export function replyAuthor(message: Pick<InboundMessage, 'from' | 'fromDisplayName'>): {
  userName: string;
  userInitials: string;
} {
  const { address } = message.from;
  const name = message.fromDisplayName?.trim();
  const words = (name ?? '').split(/[\s,]+/).filter((word) => /\p{L}/u.test(word));
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : [words[0] ?? address];
  const userInitials = letters
    .map((word) => /\p{L}|\p{N}/u.exec(word)?.[0] ?? '')
    .join('')
    .toUpperCase();
  return { userName: name ? `${name} <${address}>` : address, userInitials: userInitials || 'N' };
}

const formatSize = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`;

/** A reply's text as a note: shown as plain text, its attachments listed, within the note limit. */
export function replyNoteText(body: string, attachments: readonly TicketAttachment[]): string {
  const listed = attachments.length
    ? `\n\n${INBOUND_SERVICE_MESSAGES.attachments}: ${attachments
        .map((file) => `${file.filename} (${file.contentType}, ${formatSize(file.size)})`)
        .join(', ')}`.slice(0, TICKET_LIMITS.noteText / 2)
    : '';
  const room = TICKET_LIMITS.noteText - listed.length;
  const text = bodyToText(body) || INBOUND_SERVICE_MESSAGES.noText;
  const fitted =
    text.length <= room
      ? text
      : `${text.slice(0, room - INBOUND_SERVICE_MESSAGES.truncated.length)}${INBOUND_SERVICE_MESSAGES.truncated}`;
  return `${fitted}${listed}`;
}

async function enforceSenderLimit(tx: DbOrTx, sender: string, key: string, limit: number): Promise<void> {
  const recent = await repository.recentFromSender(tx, sender, key, THROTTLE_WINDOW_SECONDS);
  if (recent.count < limit) return;
  throw new AppError('too_many_requests', INBOUND_SERVICE_MESSAGES.tooMany, {
    retryAfterSeconds: Math.max(1, recent.secondsUntilOldestExpires),
  });
}

/** Where a message naming ticket numbers in its subject goes. */
type ReplyTarget =
  | { kind: 'none' }
  /** It joins this ticket's conversation. */
  | { kind: 'ticket'; ticketId: string }
  /** The tickets it names exist, but its sender is not part of any of them: it opens a new ticket. */
  | { kind: 'refused'; ticketNumbers: string[] };

/**
 * The first ticket named in the subject that exists and that the sender may write to, locked. A
 * ticket number alone proves nothing (numbers are guessable), so the sender must be the ticket's
 * requester, have written to it before, or answer one of its messages (In-Reply-To / References).
 */
async function replyTarget(tx: DbOrTx, message: InboundMessage): Promise<ReplyTarget> {
  const numbers = ticketNumbersIn(message.subject);
  if (numbers.length === 0) return { kind: 'none' };
  const found = await ticketsService.lockTicketsByNumber(tx, numbers);
  const byNumber = new Map(found.map((ticket) => [ticket.ticketNumber, ticket]));
  const named = numbers.flatMap((number) => byNumber.get(number) ?? []);
  if (named.length === 0) return { kind: 'none' };

  const sender = message.from.address.toLowerCase();
  const isRequester = (ticket: { fromEmail: string }) => ticket.fromEmail.toLowerCase() === sender;
  const inThread = await repository.ticketsInThreadWith(
    tx,
    named.filter((ticket) => !isRequester(ticket)).map((ticket) => ticket.id),
    sender,
    referencedMessageIds(message.headers),
  );
  const joined = named.find((ticket) => isRequester(ticket) || inThread.has(ticket.id));
  return joined
    ? { kind: 'ticket', ticketId: joined.id }
    : { kind: 'refused', ticketNumbers: named.map((ticket) => ticket.ticketNumber) };
}

type Outcome = { kind: 'duplicate' | repository.InboundOutcome; ticket: TicketDetail };

/** Creates the ticket or appends the reply note, and records the message, in one transaction. */
function recordMessage(db: Database, settings: InboundSettings, message: InboundMessage): Promise<Outcome> {
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
      await ticketsService.appendEmailReply(
        tx,
        replyTo,
        replyAuthor(message),
        replyNoteText(message.body, message.attachments),
      );
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
      attachments: message.attachments,
    });
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
 * Turns an inbound email into a ticket (spec §1: tickets arrive by email). In order: auto-replies and
 * loops are acknowledged and dropped; a message seen before answers with its ticket; a sender over
 * the per-minute limit is refused (429); a subject naming an existing ticket adds a note to it when
 * the sender is part of that ticket (see replyTarget); anything else opens a new ticket.
 */
export async function ingestEmail(
  db: Database,
  settings: InboundSettings,
  message: InboundMessage,
): Promise<InboundEmailResponse> {
  const ignored = autoReplyReason(message, settings.supportAddress);
  if (ignored) return { accepted: true, ignored };
  const { kind, ticket } = await recordMessage(db, settings, message);
  switch (kind) {
    case 'created':
      return { ticket, created: true };
    case 'appended':
      return { ticket, created: false, appendedNote: true };
    case 'duplicate':
      return { ticket, created: false, duplicate: true };
  }
}
