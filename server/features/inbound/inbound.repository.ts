import { and, count, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import { groups, inboundMessages } from '@shared/schema';
import type { DbOrTx } from '../../db/client';

export type InboundOutcome = 'created' | 'appended';

/**
 * Serialises the inbound messages of one sender until the transaction ends, so the per-sender limit
 * counts every message of that sender, also those arriving at the same moment.
 */
export async function lockSender(tx: DbOrTx, sender: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`inbound-sender:${sender}`}, 0))`);
}

/**
 * Records the message under its dedupe key unless it is recorded already; true when this call
 * recorded it. A copy being recorded by another transaction makes this wait for that transaction and
 * then return false (or true if it rolled back): the unique key decides, never a prior read.
 */
export async function claimMessage(
  tx: DbOrTx,
  values: { dedupeKey: string; sender: string; messageId: string | undefined },
): Promise<boolean> {
  const rows = await tx
    .insert(inboundMessages)
    .values({ dedupeKey: values.dedupeKey, sender: values.sender, messageId: values.messageId ?? null })
    .onConflictDoNothing({ target: inboundMessages.dedupeKey })
    .returning({ dedupeKey: inboundMessages.dedupeKey });
  return rows.length > 0;
}

export async function findRecordedTicketId(
  tx: DbOrTx,
  dedupeKey: string,
): Promise<string | null | undefined> {
  const [row] = await tx
    .select({ ticketId: inboundMessages.ticketId })
    .from(inboundMessages)
    .where(eq(inboundMessages.dedupeKey, dedupeKey));
  return row?.ticketId;
}

export async function recordOutcome(
  tx: DbOrTx,
  dedupeKey: string,
  ticketId: string,
  outcome: InboundOutcome,
): Promise<void> {
  await tx.update(inboundMessages).set({ ticketId, outcome }).where(eq(inboundMessages.dedupeKey, dedupeKey));
}

/**
 * The sender's other messages recorded within the last `windowSeconds`, and how many seconds until
 * the oldest of them leaves the window.
 */
export async function recentFromSender(
  tx: DbOrTx,
  sender: string,
  exceptKey: string,
  windowSeconds: number,
): Promise<{ count: number; secondsUntilOldestExpires: number }> {
  const windowStart = sql`now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await tx
    .select({
      count: count(),
      secondsLeft: sql<number>`ceil(extract(epoch from (min(${inboundMessages.createdAt}) + make_interval(secs => ${windowSeconds}) - now())))::int`,
    })
    .from(inboundMessages)
    .where(
      and(
        eq(inboundMessages.sender, sender),
        gt(inboundMessages.createdAt, windowStart),
        ne(inboundMessages.dedupeKey, exceptKey),
      ),
    );
  return { count: row?.count ?? 0, secondsUntilOldestExpires: row?.secondsLeft ?? 0 };
}

/**
 * Which of the tickets the sender has written to before (a message of theirs was recorded for it), or
 * whose recorded messages include one of `messageIds` (the email answers a message of that ticket).
 */
export async function ticketsInThreadWith(
  tx: DbOrTx,
  ticketIds: readonly string[],
  sender: string,
  messageIds: readonly string[],
): Promise<Set<string>> {
  if (ticketIds.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ ticketId: inboundMessages.ticketId })
    .from(inboundMessages)
    .where(
      and(
        inArray(inboundMessages.ticketId, [...ticketIds]),
        messageIds.length > 0
          ? or(eq(inboundMessages.sender, sender), inArray(inboundMessages.messageId, [...messageIds]))
          : eq(inboundMessages.sender, sender),
      ),
    );
  return new Set(rows.flatMap((row) => (row.ticketId ? [row.ticketId] : [])));
}

/**
 * The groups whose address is one of `addresses` (lower-cased, as the addresses are stored), each held
 * FOR KEY SHARE until the transaction ends: a group deleted at the same moment either goes first and
 * is not found, or waits until the new ticket is in it (and then refuses, 409), never a broken key.
 */
export async function lockGroupsAddressed(
  tx: DbOrTx,
  addresses: readonly string[],
): Promise<{ id: string; emailAddress: string }[]> {
  if (addresses.length === 0) return [];
  const rows = await tx
    .select({ id: groups.id, emailAddress: groups.emailAddress })
    .from(groups)
    .where(inArray(groups.emailAddress, [...addresses]))
    .for('key share');
  return rows.flatMap((row) => (row.emailAddress ? [{ id: row.id, emailAddress: row.emailAddress }] : []));
}

/** Holds the group FOR KEY SHARE until the transaction ends (as above); false when it is gone. */
export async function lockGroup(tx: DbOrTx, groupId: string): Promise<boolean> {
  const rows = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).for('key share');
  return rows.length > 0;
}

/** Whether `address` (any letter case) is a group's: mail from it is our own coming back. */
export async function isGroupAddress(db: DbOrTx, address: string): Promise<boolean> {
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(eq(groups.emailAddress, address.toLowerCase()))
    .limit(1);
  return rows.length > 0;
}
