/**
 * Agents' replies by email (issue 14, the outbound half): a reply is stored as queued, with its files
 * and its place in the thread, in the transaction that locks the ticket and enqueues its send job;
 * the job (send-reply.job.ts) hands it to the SMTP server. A failed reply can be queued again.
 */
import { MESSAGE_ERRORS, type SendReplyResponse, type TicketMessage } from '@shared/contracts/messages';
import type { AppConfig } from '../../config';
import type { Database, DbOrTx } from '../../db/client';
import type { TicketChangeActor } from '../../core/ticket-changes/ticket-change';
import type { JobRunner } from '../../jobs/job-runner';
import { AppError, conflict, notFound } from '../../lib/errors';
import { newMessageId } from '../../mail/message-id';
import { recordTicketChange } from '../../core/ticket-changes/ticket-changes.service';
import type { NewAttachment } from '../../core/conversation/conversation.service';
import * as conversation from '../../core/conversation/conversation.service';
import { loadEmailSettings, type EmailSettings } from '../../mail/email-settings';
import type { TokenCipher } from '../../lib/token-cipher';
import * as ticketsService from '../../core/tickets/tickets.service';
import * as ticketsRepository from '../../core/tickets/tickets.repository';
import { TICKET_MESSAGES } from '@shared/contracts/tickets';
import * as repository from './replies.repository';
import { replySubject, senderName } from './reply-headers';
import { threadHeaders, threadMessageIds } from '../../core/conversation/conversation-thread';
import { defineSendQueue, SEND_REPLY_QUEUE, type SendReplyJobData } from './send-reply.job';

export interface RepliesDeps {
  db: Database;
  config: Pick<AppConfig, 'email' | 'attachments'>;
  jobs: JobRunner;
  /** Opens the saved SMTP password (the app's token cipher). */
  cipher: TokenCipher;
}

/** The agent replying: their name signs the reply ("Ada Lovelace via Help Desk"). */
export interface ReplyAuthor {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export interface ReplyInput {
  body: string;
  files: readonly NewAttachment[];
}

/** The saved email settings, or 503 while email is not set up (or its password does not open). */
async function configuredEmail(deps: RepliesDeps): Promise<EmailSettings> {
  const state = await loadEmailSettings(deps.db, deps.cipher);
  if (state.status !== 'configured') throw new AppError('unavailable', MESSAGE_ERRORS.emailNotConfigured);
  return state.settings;
}

/**
 * The checks that do not need the request body (503 without email, 404 for an unknown ticket), made
 * before a multipart upload is read, so a refused reply does not upload its files first.
 */
export async function assertCanReply(deps: RepliesDeps, ticketId: string): Promise<void> {
  await configuredEmail(deps);
  if (!(await ticketsRepository.findTicketById(deps.db, ticketId))) {
    throw notFound(TICKET_MESSAGES.ticketNotFound);
  }
}

export async function sendReply(
  deps: RepliesDeps,
  ticketId: string,
  author: ReplyAuthor,
  input: ReplyInput,
): Promise<SendReplyResponse> {
  const { fromAddress, fromName } = await configuredEmail(deps);
  // Outside the transaction: declaring may start the runner, which needs a connection of its own.
  await defineSendQueue(deps.jobs, deps.config);
  return deps.db.transaction(async (tx) => {
    const { ticket, changed } = await ticketsService.lockTicketForReply(tx, ticketId, author);
    const thread = threadHeaders(await threadMessageIds(tx, ticket.id));
    // A ticket of a group with an address answers From it (issue 39), through the same SMTP server
    // and under the same display name; the requester's answer to it threads by its Message-ID.
    const from = (await repository.groupAddressOf(tx, ticket.groupId)) ?? fromAddress;
    const message = await conversation.addReply(
      tx,
      {
        ticketId: ticket.id,
        direction: 'outbound',
        fromName: senderName(author, fromName),
        fromEmail: from,
        toEmail: ticket.fromEmail,
        subject: replySubject(ticket),
        body: input.body,
        messageId: newMessageId(from),
        inReplyTo: thread.inReplyTo,
        references: thread.references,
        status: 'queued',
        authorId: author.id,
      },
      input.files,
    );
    // A queued reply is the first response when it is the first (issue 24: the SLA subscriber).
    await recordTicketChange(tx, {
      actor: { user: author },
      channel: 'web',
      tickets: [{ ...changed, replySent: { messageId: message.id } }],
    });
    await deps.jobs.enqueue(tx, SEND_REPLY_QUEUE, { messageId: message.id } satisfies SendReplyJobData);
    const statusChange = changed.status ? { from: changed.status.before, to: changed.status.after } : null;
    return { message, statusChange };
  });
}

/** A failed reply queued again, with a new send job; 409 for any other message, 404 for none. */
export async function retryReply(deps: RepliesDeps, messageId: string): Promise<TicketMessage> {
  await configuredEmail(deps);
  await defineSendQueue(deps.jobs, deps.config);
  return deps.db.transaction(async (tx) => {
    const row = await repository.requeueFailed(tx, messageId);
    if (!row) {
      if (!(await conversation.messageExists(tx, messageId))) throw notFound(MESSAGE_ERRORS.messageNotFound);
      throw conflict(MESSAGE_ERRORS.notRetryable);
    }
    await deps.jobs.enqueue(tx, SEND_REPLY_QUEUE, { messageId: row.id } satisfies SendReplyJobData);
    return conversation.messageWithFiles(tx, row);
  });
}

/**
 * A rule's reply to the requester (issue 40), queued in the caller's transaction exactly as an agent's
 * (threaded, From the ticket's group address or the From address, through the send job), signed with
 * the From name alone and recorded as the rule's change. The send queue must be defined first, outside
 * any transaction (`defineSendQueue`). Not queued while email is not set up.
 */
export async function queueAutomaticReply(
  deps: RepliesDeps,
  tx: DbOrTx,
  reply: { ticketId: string; body: string; actor: TicketChangeActor },
): Promise<{ queued: true; to: string } | { queued: false; why: string }> {
  const state = await loadEmailSettings(tx, deps.cipher);
  if (state.status !== 'configured') return { queued: false, why: MESSAGE_ERRORS.emailNotConfigured };
  const { fromAddress, fromName } = state.settings;
  // Locked as an agent's reply locks it: replies to one ticket thread in the order they are queued.
  await ticketsRepository.lockTickets(tx, [reply.ticketId]);
  const ticket = await ticketsRepository.findTicketById(tx, reply.ticketId);
  if (!ticket) return { queued: false, why: TICKET_MESSAGES.ticketNotFound };
  const thread = threadHeaders(await threadMessageIds(tx, ticket.id));
  const from = (await repository.groupAddressOf(tx, ticket.groupId)) ?? fromAddress;
  const message = await conversation.addReply(
    tx,
    {
      ticketId: ticket.id,
      direction: 'outbound',
      fromName,
      fromEmail: from,
      toEmail: ticket.fromEmail,
      subject: replySubject(ticket),
      body: reply.body,
      messageId: newMessageId(from),
      inReplyTo: thread.inReplyTo,
      references: thread.references,
      status: 'queued',
      authorId: null,
    },
    [],
  );
  await recordTicketChange(tx, {
    actor: reply.actor,
    channel: 'system',
    tickets: [{ ticketId: ticket.id, replySent: { messageId: message.id } }],
  });
  await deps.jobs.enqueue(tx, SEND_REPLY_QUEUE, { messageId: message.id } satisfies SendReplyJobData);
  return { queued: true, to: ticket.fromEmail };
}
