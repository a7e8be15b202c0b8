/**
 * The rows a merge moves from the source ticket to the target (issue 23, docs/decisions/074-merging-tickets.md), all inside
 * the caller's transaction with both tickets locked.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { inboundMessages, messageAttachments, ticketMessages, tickets, timeEntries } from '@shared/schema';
import type { DbOrTx } from '../../db/client';

export interface MergeTicket {
  id: string;
  ticketNumber: string;
  subject: string;
  body: string;
  fromName: string;
  fromEmail: string;
  status: string;
  closedAt: Date | null;
  createdAt: Date;
  originalEmailDate: Date | null;
  notes: string | null;
  updatedAt: Date;
  mergedIntoId: string | null;
  /** The database's time for this transaction. */
  now: Date;
}

/** Locks the tickets among `ids` (in id order, as every multi-ticket change does: no deadlocks). */
export function lockForMerge(tx: DbOrTx, ids: readonly string[]): Promise<MergeTicket[]> {
  return (
    tx
      .select({
        id: tickets.id,
        ticketNumber: tickets.ticketNumber,
        subject: tickets.subject,
        body: tickets.body,
        fromName: tickets.fromName,
        fromEmail: tickets.fromEmail,
        status: tickets.status,
        closedAt: tickets.closedAt,
        createdAt: tickets.createdAt,
        originalEmailDate: tickets.originalEmailDate,
        notes: tickets.notes,
        updatedAt: tickets.updatedAt,
        mergedIntoId: tickets.mergedIntoId,
        now: sql`now()`.mapWith(tickets.updatedAt),
      })
      .from(tickets)
      // A ticket in the Trash is neither merged nor merged into (issue 26): as if it did not exist.
      .where(and(inArray(tickets.id, [...ids]), isNull(tickets.deletedAt)))
      .orderBy(tickets.id)
      .for('update')
  );
}

export async function ticketNumberOf(tx: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ ticketNumber: tickets.ticketNumber })
    .from(tickets)
    .where(eq(tickets.id, id));
  return row?.ticketNumber;
}

/**
 * The source's own email becomes a received message of the target's conversation (its sender,
 * subject, body and time, and the Message-ID it came with), and the files it came with become that
 * message's files. Answers the message's id.
 */
export async function moveOriginalEmail(tx: DbOrTx, source: MergeTicket, targetId: string): Promise<string> {
  const [opening] = await tx
    .select({ messageId: inboundMessages.messageId })
    .from(inboundMessages)
    .where(sql`${inboundMessages.ticketId} = ${source.id} AND ${inboundMessages.outcome} = 'created'`)
    .limit(1);
  const [message] = await tx
    .insert(ticketMessages)
    .values({
      ticketId: targetId,
      direction: 'inbound',
      fromName: source.fromName,
      fromEmail: source.fromEmail,
      toEmail: '',
      subject: source.subject,
      body: source.body,
      messageId: opening?.messageId ?? null,
      status: 'received',
      createdAt: source.originalEmailDate ?? source.createdAt,
    })
    .returning({ id: ticketMessages.id });
  await tx
    .update(messageAttachments)
    .set({ ticketId: targetId, messageId: message!.id })
    .where(sql`${messageAttachments.ticketId} = ${source.id} AND ${messageAttachments.messageId} IS NULL`);
  return message!.id;
}

/** The source's conversation, files, received-mail records and time entries now belong to the target. */
export async function moveConversationAndTime(tx: DbOrTx, sourceId: string, targetId: string): Promise<void> {
  await tx.update(ticketMessages).set({ ticketId: targetId }).where(eq(ticketMessages.ticketId, sourceId));
  await tx
    .update(messageAttachments)
    .set({ ticketId: targetId })
    .where(eq(messageAttachments.ticketId, sourceId));
  // Mail answering the source's thread (its Message-IDs) is threaded to the target from now on.
  await tx.update(inboundMessages).set({ ticketId: targetId }).where(eq(inboundMessages.ticketId, sourceId));
  // The Harvest entries themselves are not touched: only which ticket the hours are shown on.
  await tx.update(timeEntries).set({ ticketId: targetId }).where(eq(timeEntries.ticketId, sourceId));
}

/**
 * Closes the source (keeping a closing time it has) and points it, and every ticket merged into it
 * before, at the target: a chain always resolves in one step. Answers those earlier tickets' ids.
 */
export async function markMerged(
  tx: DbOrTx,
  source: MergeTicket,
  targetId: string,
  callerId: string,
  notes: string,
): Promise<string[]> {
  await tx
    .update(tickets)
    .set({
      status: 'closed',
      closedAt: source.closedAt ?? source.now,
      mergedIntoId: targetId,
      notes,
      lastUpdatedBy: callerId,
      updatedAt: source.now,
    })
    .where(eq(tickets.id, source.id));
  const repointed = await tx
    .update(tickets)
    .set({ mergedIntoId: targetId })
    .where(eq(tickets.mergedIntoId, source.id))
    .returning({ id: tickets.id });
  return repointed.map((row) => row.id);
}

export async function updateTarget(
  tx: DbOrTx,
  target: MergeTicket,
  callerId: string,
  notes: string,
): Promise<void> {
  await tx
    .update(tickets)
    .set({ notes, lastUpdatedBy: callerId, updatedAt: target.now })
    .where(eq(tickets.id, target.id));
}
