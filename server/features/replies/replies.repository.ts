/**
 * The replies' own reads and writes of ticket_messages: the thread a reply joins, and the delivery
 * state the send job moves a reply through (queued → sending → sent or failed). Every change of state
 * is one conditional UPDATE, so two workers (or a worker and a Retry) can never both win.
 *
 * The state-changing writes after the claim are fenced by `send_attempts`: only the run that made the
 * claim numbered N may record its outcome, so a run that lost its claim (its job expired and another
 * run took over) cannot overwrite what the newer run recorded.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { groups, messageAttachments, ticketMessages, type TicketMessageRow } from '@shared/schema';
import type { DbOrTx } from '../../db/client';

// The thread's Message-IDs are shared with the portal's messages (issue 41), so they live in core.

/** The address of the ticket's group (issue 39); undefined for no group or a group without one. */
export async function groupAddressOf(tx: DbOrTx, groupId: string | null): Promise<string | undefined> {
  if (!groupId) return undefined;
  const [row] = await tx
    .select({ emailAddress: groups.emailAddress })
    .from(groups)
    .where(eq(groups.id, groupId));
  return row?.emailAddress ?? undefined;
}

/**
 * Takes a queued reply for sending: committed before the SMTP server is contacted, so no other run
 * takes it too. Undefined when it is not queued (another run has it, or it is done).
 */
export async function claimForSending(db: DbOrTx, id: string): Promise<TicketMessageRow | undefined> {
  const [row] = await db
    .update(ticketMessages)
    .set({ status: 'sending', sendAttempts: sql`${ticketMessages.sendAttempts} + 1` })
    .where(
      and(
        eq(ticketMessages.id, id),
        eq(ticketMessages.direction, 'outbound'),
        eq(ticketMessages.status, 'queued'),
      ),
    )
    .returning();
  return row;
}

export async function findDeliveryState(
  db: DbOrTx,
  id: string,
): Promise<{ status: string; sendAttempts: number } | undefined> {
  const [row] = await db
    .select({ status: ticketMessages.status, sendAttempts: ticketMessages.sendAttempts })
    .from(ticketMessages)
    .where(and(eq(ticketMessages.id, id), eq(ticketMessages.direction, 'outbound')));
  return row;
}

const claimedBy = (id: string, attempt: number) =>
  and(eq(ticketMessages.id, id), eq(ticketMessages.sendAttempts, attempt));

/**
 * The SMTP server took the reply. Recorded unless a newer claim exists; also over a "delivery unknown"
 * failure that another run wrote meanwhile, since this run knows it went.
 */
export async function markSent(db: DbOrTx, id: string, attempt: number): Promise<boolean> {
  const rows = await db
    .update(ticketMessages)
    .set({ status: 'sent', sentAt: sql`now()`, error: null })
    .where(and(claimedBy(id, attempt), sql`${ticketMessages.status} <> 'sent'`))
    .returning({ id: ticketMessages.id });
  return rows.length > 0;
}

/** The run that claimed the reply (attempt `attempt`) gives up on it for good. */
export async function markFailed(db: DbOrTx, id: string, attempt: number, reason: string): Promise<boolean> {
  const rows = await db
    .update(ticketMessages)
    .set({ status: 'failed', error: reason })
    .where(and(claimedBy(id, attempt), eq(ticketMessages.status, 'sending')))
    .returning({ id: ticketMessages.id });
  return rows.length > 0;
}

/** The run that claimed the reply puts it back for a later run, saying why it did not go. */
export async function requeue(db: DbOrTx, id: string, attempt: number, reason: string): Promise<boolean> {
  const rows = await db
    .update(ticketMessages)
    .set({ status: 'queued', error: reason })
    .where(and(claimedBy(id, attempt), eq(ticketMessages.status, 'sending')))
    .returning({ id: ticketMessages.id });
  return rows.length > 0;
}

/** The files of a reply with their content, in the order they were attached. */
export function attachmentsForSending(
  db: DbOrTx,
  messageId: string,
): Promise<{ filename: string; contentType: string; content: Buffer | null }[]> {
  return db
    .select({
      filename: messageAttachments.filename,
      contentType: messageAttachments.contentType,
      content: messageAttachments.content,
    })
    .from(messageAttachments)
    .where(and(eq(messageAttachments.messageId, messageId), eq(messageAttachments.kept, true)))
    .orderBy(asc(messageAttachments.createdAt), asc(messageAttachments.id));
}

/** A failed reply queued again for a new try (Retry). Undefined when it is not a failed reply. */
export async function requeueFailed(tx: DbOrTx, id: string): Promise<TicketMessageRow | undefined> {
  const [row] = await tx
    .update(ticketMessages)
    .set({ status: 'queued', error: null })
    .where(
      and(
        eq(ticketMessages.id, id),
        eq(ticketMessages.direction, 'outbound'),
        eq(ticketMessages.status, 'failed'),
      ),
    )
    .returning();
  return row;
}
