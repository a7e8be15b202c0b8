/**
 * A ticket's email conversation: the messages received (server/features/inbound) and the replies sent
 * (server/features/replies) with their files, read as one list, and the files themselves.
 */
import { MESSAGE_ERRORS, type TicketMessage, type TicketMessagesResponse } from '@shared/contracts/messages';
import { TICKET_MESSAGES } from '@shared/contracts/tickets';
import type { NewTicketMessageRow, TicketMessageRow } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { recordTicketChange } from '../../core/ticket-changes/ticket-changes.service';
import { notFound } from '../../lib/errors';
import { toOriginalMessage, toTicketMessage } from './conversation.mapper';
import * as repository from './conversation.repository';
import type { AttachmentSummary, NewAttachment } from './conversation.repository';

export type { NewAttachment } from './conversation.repository';

export const CONVERSATION_MESSAGES = {
  attachmentNotKept:
    'This file was not kept: it was too large (or the mail pipeline sent only its name), so only its name and size are listed',
} as const;

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

function groupByMessage(files: readonly AttachmentSummary[]): Map<string | null, AttachmentSummary[]> {
  const groups = new Map<string | null, AttachmentSummary[]>();
  for (const file of files) {
    const group = groups.get(file.messageId);
    if (group) group.push(file);
    else groups.set(file.messageId, [file]);
  }
  return groups;
}

/**
 * GET /api/tickets/:id/messages: the original message (made from the ticket) first, then the
 * conversation's messages oldest first, each with its files. Three queries whatever the number of
 * messages: the ticket, its messages, all its files. Messages are read before files, so a message
 * written meanwhile is either missing altogether or shown with all its files.
 */
export async function listTicketMessages(db: DbOrTx, ticketId: string): Promise<TicketMessagesResponse> {
  const start = await repository.findConversationStart(db, ticketId);
  if (!start) throw notFound(TICKET_MESSAGES.ticketNotFound);
  const rows = await repository.listMessages(db, ticketId);
  const files = groupByMessage(await repository.listAttachmentsOfTicket(db, ticketId));
  return {
    messages: [
      toOriginalMessage(start, files.get(null) ?? []),
      ...rows.map((row) => toTicketMessage(row, files.get(row.id) ?? [])),
    ],
  };
}

/** A stored file with its content, for the download; 404 when unknown or its content was not kept. */
export async function getAttachmentContent(
  db: DbOrTx,
  id: string,
): Promise<{ filename: string; contentType: string; content: Buffer }> {
  const file = await repository.findAttachment(db, id);
  if (!file) throw notFound(MESSAGE_ERRORS.attachmentNotFound);
  if (!file.kept || !file.content) throw notFound(CONVERSATION_MESSAGES.attachmentNotKept);
  return { filename: file.filename, contentType: file.contentType, content: file.content };
}

/** Our replies (outbound messages) a bounce names by Message-ID, with their ticket and status. */
export const findOurReplies = (tx: DbOrTx, messageIds: readonly string[]) =>
  repository.findOutboundByMessageIds(tx, messageIds);

/** Marks those of the given replies that are still `sent` as `failed` because they bounced. */
export async function failBouncedReplies(tx: DbOrTx, ids: readonly string[], reason: string): Promise<void> {
  await repository.failSentMessages(tx, ids, reason);
}
