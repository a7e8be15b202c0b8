/**
 * A ticket's email conversation as its writers see it: the messages received (server/features/inbound)
 * and the replies sent (server/features/replies) with their files, and the thread lookups both make.
 * Reading the conversation (GET /api/tickets/:id/messages, the downloads) is server/features/conversation.
 */
import type { TicketMessage } from '@shared/contracts/messages';
import type { NewTicketMessageRow, TicketMessageRow } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { recordTicketChange } from '../ticket-changes/ticket-changes.service';
import { toTicketMessage } from './conversation.mapper';
import * as repository from './conversation.repository';
import type { NewAttachment } from './conversation.repository';

export type { NewAttachment } from './conversation.repository';

/** A received email that joins a ticket's conversation. */
export interface ReceivedMessage {
  fromName: string;
  fromEmail: string;
  /** Our address as the sender wrote it, or '' when unknown. */
  to: string;
  subject: string;
  /** As received: the text part, or the HTML part when there is none. */
  body: string;
  /** Without angle brackets; null when the message had none. */
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
}

/** Adds a received email to the ticket's conversation, with its files (limits already applied). */
export async function addReceivedMessage(
  tx: DbOrTx,
  ticketId: string,
  message: ReceivedMessage,
  files: readonly NewAttachment[],
): Promise<TicketMessageRow> {
  const row = await repository.insertMessage(tx, {
    ticketId,
    direction: 'inbound',
    status: 'received',
    fromName: message.fromName,
    fromEmail: message.fromEmail,
    toEmail: message.to,
    subject: message.subject,
    body: message.body,
    messageId: message.messageId,
    inReplyTo: message.inReplyTo,
    references: message.references,
  });
  await repository.insertAttachments(tx, ticketId, row.id, files);
  // The message in the ticket's history (the Activity Log subscriber).
  await recordTicketChange(tx, {
    actor: { system: 'email' },
    channel: 'email',
    tickets: [{ ticketId, messagesAdded: [row.id] }],
  });
  return row;
}

/** Adds an agent's reply (queued to be sent) to the conversation, with its files; answers it as the API shows it. */
export async function addReply(
  tx: DbOrTx,
  values: NewTicketMessageRow & { direction: 'outbound' },
  files: readonly NewAttachment[],
): Promise<TicketMessage> {
  const row = await repository.insertMessage(tx, values);
  await repository.insertAttachments(tx, values.ticketId, row.id, files);
  return messageWithFiles(tx, row);
}

/** A stored message as the API shows it, with its files. */
export async function messageWithFiles(db: DbOrTx, row: TicketMessageRow): Promise<TicketMessage> {
  return toTicketMessage(row, await repository.listAttachmentsOfMessages(db, [row.id]));
}

/** Whether the conversation message exists. */
export const messageExists = async (db: DbOrTx, id: string): Promise<boolean> =>
  (await repository.findMessage(db, id)) !== undefined;

/**
 * The ticket whose thread holds one of `messageIds` (a message received or sent in its conversation,
 * or the email that opened it), the most recent match first; undefined when none.
 */
export const findThreadTicket = (tx: DbOrTx, messageIds: readonly string[]) =>
  repository.findTicketByThreadMessageIds(tx, messageIds);

/** Stores the files of the email that opened the ticket (its original message). */
export const addOriginalFiles = (tx: DbOrTx, ticketId: string, files: readonly NewAttachment[]) =>
  repository.insertAttachments(tx, ticketId, null, files);

/** Our replies (outbound messages) a bounce names by Message-ID, with their ticket and status. */
export const findOurReplies = (tx: DbOrTx, messageIds: readonly string[]) =>
  repository.findOutboundByMessageIds(tx, messageIds);

/** Marks those of the given replies that are still `sent` as `failed` because they bounced. */
export async function failBouncedReplies(tx: DbOrTx, ids: readonly string[], reason: string): Promise<void> {
  await repository.failSentMessages(tx, ids, reason);
}
