/**
 * The rows of a ticket's email conversation (shared/schema.ts: ticket_messages, message_attachments).
 * Shared by the inbound side (received mail) and the replies (outbound): both write messages and
 * files here, and the conversation is read from here.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  messageAttachments,
  ticketMessages,
  tickets,
  type MessageAttachmentRow,
  type NewTicketMessageRow,
  type TicketMessageRow,
} from '@shared/schema';
import type { DbOrTx } from '../../db/client';

/** A file's metadata (never its content), as lists show it. */
export type AttachmentSummary = Omit<MessageAttachmentRow, 'content'>;

/** A file to store: content when kept, none when it was over the limits. */
export interface NewAttachment {
  filename: string;
  contentType: string;
  size: number;
  content: Buffer | null;
}

const summaryColumns = {
  id: messageAttachments.id,
  ticketId: messageAttachments.ticketId,
  messageId: messageAttachments.messageId,
  filename: messageAttachments.filename,
  contentType: messageAttachments.contentType,
  size: messageAttachments.size,
  kept: messageAttachments.kept,
  createdAt: messageAttachments.createdAt,
};

export async function insertMessage(tx: DbOrTx, values: NewTicketMessageRow): Promise<TicketMessageRow> {
  const [row] = await tx.insert(ticketMessages).values(values).returning();
  return row!;
}

/**
 * Stores files of a message (`messageId`), or of the ticket's original message (`messageId` null).
 * Each file is timed a microsecond after the one before it, so lists (ordered by time) keep the
 * files in the order given.
 */
export async function insertAttachments(
  tx: DbOrTx,
  ticketId: string,
  messageId: string | null,
  files: readonly NewAttachment[],
): Promise<void> {
  if (files.length === 0) return;
  await tx.insert(messageAttachments).values(
    files.map((file, index) => ({
      ticketId,
      messageId,
      filename: file.filename,
      contentType: file.contentType,
      size: file.size,
      kept: file.content !== null,
      content: file.content,
      createdAt: sql`now() + ${`${index} microseconds`}::interval`,
    })),
  );
}

/** The ticket's messages, oldest first (ties by id, so the order is stable). */
export function listMessages(db: DbOrTx, ticketId: string): Promise<TicketMessageRow[]> {
  return db
    .select()
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, ticketId))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
}

export async function findMessage(db: DbOrTx, id: string): Promise<TicketMessageRow | undefined> {
  const [row] = await db.select().from(ticketMessages).where(eq(ticketMessages.id, id));
  return row;
}

/** The files of the ticket (all its messages and its original one), without their content. */
export function listAttachmentsOfTicket(db: DbOrTx, ticketId: string): Promise<AttachmentSummary[]> {
  return db
    .select(summaryColumns)
    .from(messageAttachments)
    .where(eq(messageAttachments.ticketId, ticketId))
    .orderBy(asc(messageAttachments.createdAt), asc(messageAttachments.id));
}

/** The files of some messages (or, with `original`, also those of the ticket's original message). */
export function listAttachmentsOfMessages(
  db: DbOrTx,
  messageIds: readonly string[],
): Promise<AttachmentSummary[]> {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .select(summaryColumns)
    .from(messageAttachments)
    .where(inArray(messageAttachments.messageId, [...messageIds]))
    .orderBy(asc(messageAttachments.createdAt), asc(messageAttachments.id));
}

/** The original message's files of a ticket. */
export function listOriginalAttachments(db: DbOrTx, ticketId: string): Promise<AttachmentSummary[]> {
  return db
    .select(summaryColumns)
    .from(messageAttachments)
    .where(and(eq(messageAttachments.ticketId, ticketId), isNull(messageAttachments.messageId)))
    .orderBy(asc(messageAttachments.createdAt), asc(messageAttachments.id));
}

/** One file with its content, for the download. */
export async function findAttachment(db: DbOrTx, id: string): Promise<MessageAttachmentRow | undefined> {
  const [row] = await db.select().from(messageAttachments).where(eq(messageAttachments.id, id));
  return row;
}

/**
 * The ticket whose thread holds one of `messageIds`: a message received or sent in its conversation,
 * or the email that opened it (inbound_messages). The most recent match wins.
 */
export async function findTicketByThreadMessageIds(
  db: DbOrTx,
  messageIds: readonly string[],
): Promise<string | undefined> {
  if (messageIds.length === 0) return undefined;
  const ids = sql.join(
    messageIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const { rows } = await db.execute<{ ticket_id: string }>(sql`
    SELECT ticket_id FROM (
      SELECT ticket_id, created_at FROM ticket_messages WHERE message_id IN (${ids})
      UNION ALL
      SELECT ticket_id, created_at FROM inbound_messages WHERE message_id IN (${ids}) AND ticket_id IS NOT NULL
    ) thread
    ORDER BY created_at DESC
    LIMIT 1`);
  return rows[0]?.ticket_id;
}

/** What the conversation's first message is made of: the ticket as it arrived. */
export interface ConversationStart {
  id: string;
  fromName: string;
  fromEmail: string;
  subject: string;
  body: string;
  originalEmailDate: Date | null;
  createdAt: Date;
}

/** The ticket's own message (its requester, subject and body), or undefined when there is no ticket. */
export async function findConversationStart(
  db: DbOrTx,
  ticketId: string,
): Promise<ConversationStart | undefined> {
  const [row] = await db
    .select({
      id: tickets.id,
      fromName: tickets.fromName,
      fromEmail: tickets.fromEmail,
      subject: tickets.subject,
      body: tickets.body,
      originalEmailDate: tickets.originalEmailDate,
      createdAt: tickets.createdAt,
    })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  return row;
}

/** Our replies (outbound messages) among `messageIds`, with their ticket and status. */
export function findOutboundByMessageIds(
  db: DbOrTx,
  messageIds: readonly string[],
): Promise<{ id: string; ticketId: string; status: string }[]> {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: ticketMessages.id, ticketId: ticketMessages.ticketId, status: ticketMessages.status })
    .from(ticketMessages)
    .where(and(eq(ticketMessages.direction, 'outbound'), inArray(ticketMessages.messageId, [...messageIds])));
}

/** Marks those of the given replies that are still `sent` as `failed` with `reason`. */
export async function failSentMessages(tx: DbOrTx, ids: readonly string[], reason: string): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(ticketMessages)
    .set({ status: 'failed', error: reason })
    .where(and(inArray(ticketMessages.id, [...ids]), eq(ticketMessages.status, 'sent')));
}
