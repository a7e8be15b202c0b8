/**
 * The Harvest sync state of time entries (shared/schema.ts). A worker claims an entry by raising
 * `sync_attempts` and setting a lease (`sync_claimed_until`); every later write about that push is
 * conditional on the same attempt count, so a worker whose lease ran out can no longer change the row.
 */
import { and, asc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { tickets, timeEntries, users } from '@shared/schema';
import type { Database, DbOrTx } from '../../db/client';

/** An entry claimed for one push, with what Harvest needs. */
export interface QueuedEntry {
  id: string;
  ticketId: string | null;
  ticketNumber: string | null;
  projectId: number;
  taskId: number;
  hours: number;
  notes: string;
  spentDate: string;
  /** Harvest's id once pushed: a change is then a PATCH of that entry. */
  harvestTimeEntryId: number | null;
  /** The agent who logged it, and the Harvest user their hours go under (null: the token owner's). */
  userId: string;
  harvestUserId: number | null;
  /** The attempt this claim is; also the fencing token of the claim. */
  attempts: number;
}

/** Literal, not a parameter, so the planner matches the partial index time_entries_sync_due_idx. */
const isPending = sql`${timeEntries.syncStatus} = 'pending'`;
const leaseUntil = (leaseMs: number): SQL => sql`now() + ${leaseMs} * interval '1 millisecond'`;

const queuedColumns = {
  id: timeEntries.id,
  ticketId: timeEntries.ticketId,
  projectId: timeEntries.harvestProjectId,
  taskId: timeEntries.harvestTaskId,
  hours: timeEntries.hours,
  notes: timeEntries.notes,
  spentDate: timeEntries.spentDate,
  userId: timeEntries.userId,
  harvestTimeEntryId: timeEntries.harvestTimeEntryId,
  attempts: timeEntries.syncAttempts,
};

/** The claim this worker holds: same entry, same attempt, still pending. */
const heldClaim = (entry: Pick<QueuedEntry, 'id' | 'attempts'>) =>
  and(eq(timeEntries.id, entry.id), eq(timeEntries.syncAttempts, entry.attempts), isPending);

/** Adds what the push needs from elsewhere: the ticket's number and the agent's Harvest user. */
async function withTicketNumbers(
  db: DbOrTx,
  rows: Omit<QueuedEntry, 'ticketNumber' | 'harvestUserId'>[],
): Promise<QueuedEntry[]> {
  const ticketIds = [...new Set(rows.map((row) => row.ticketId).filter((id): id is string => id !== null))];
  const numbers = new Map<string, string>();
  if (ticketIds.length > 0) {
    const found = await db
      .select({ id: tickets.id, ticketNumber: tickets.ticketNumber })
      .from(tickets)
      .where(inArray(tickets.id, ticketIds));
    for (const ticket of found) numbers.set(ticket.id, ticket.ticketNumber);
  }
  const userIds = [...new Set(rows.map((row) => row.userId))];
  const harvestUsers = new Map<string, number | null>();
  if (userIds.length > 0) {
    const found = await db
      .select({ id: users.id, harvestUserId: users.harvestUserId })
      .from(users)
      .where(inArray(users.id, userIds));
    for (const user of found) harvestUsers.set(user.id, user.harvestUserId);
  }
  return rows.map((row) => ({
    ...row,
    ticketNumber: row.ticketId ? (numbers.get(row.ticketId) ?? null) : null,
    harvestUserId: harvestUsers.get(row.userId) ?? null,
  }));
}

/**
 * Claims up to `limit` pending entries that are due and not leased, oldest due first. Rows another
 * process is claiming at this moment are skipped (SKIP LOCKED), and a claimed row carries a lease, so
 * no two workers ever hold the same entry.
 */
export async function claimDueEntries(db: Database, limit: number, leaseMs: number): Promise<QueuedEntry[]> {
  const due = db
    .select({ id: timeEntries.id })
    .from(timeEntries)
    .where(
      and(
        isPending,
        lte(timeEntries.nextSyncAt, sql`now()`),
        or(isNull(timeEntries.syncClaimedUntil), lt(timeEntries.syncClaimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(timeEntries.nextSyncAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(timeEntries)
    .set({ syncAttempts: sql`${timeEntries.syncAttempts} + 1`, syncClaimedUntil: leaseUntil(leaseMs) })
    .where(inArray(timeEntries.id, due))
    .returning(queuedColumns);
  return withTicketNumbers(db, claimed);
}

/** The entry as a claim, for the push that follows its creation (the insert claimed it already). */
export async function findQueuedEntry(db: DbOrTx, id: string): Promise<QueuedEntry | undefined> {
  const [row] = await db.select(queuedColumns).from(timeEntries).where(eq(timeEntries.id, id));
  return row ? (await withTicketNumbers(db, [row]))[0] : undefined;
}

/**
 * Records, inside the push's transaction, what the push did to its ticket: linked to its Harvest entry,
 * and closed → closed_with_harvest when it was closed. It is the one "ticket changed" path of
 * server/core, which infrastructure may not import: the wiring passes it in (app.ts).
 */
export type RecordSyncedTicket = (tx: DbOrTx, ticketId: string, closedWithHarvest: boolean) => Promise<void>;

/**
 * Records the push: the entry is synced with Harvest's id, and its ticket, if still `closed`, becomes
 * `closed_with_harvest`, that change recorded in the same transaction. False when the claim was lost
 * (another worker took the entry over).
 */
export function markSynced(
  db: Database,
  entry: QueuedEntry,
  harvestTimeEntryId: number,
  recordSyncedTicket: RecordSyncedTicket,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(timeEntries)
      .set({
        syncStatus: 'synced',
        harvestTimeEntryId,
        syncClaimedUntil: null,
        nextSyncAt: null,
        lastSyncError: null,
        updatedAt: sql`now()`,
      })
      .where(heldClaim(entry))
      .returning({ ticketId: timeEntries.ticketId });
    if (!row) return false;
    if (row.ticketId) {
      const [before] = await tx
        .select({ status: tickets.status })
        .from(tickets)
        .where(eq(tickets.id, row.ticketId))
        .for('update');
      // A reopened ticket keeps its status; a ticket already linked to a later entry keeps that link.
      const updated = await tx
        .update(tickets)
        .set({
          harvestTimeEntryId,
          status: sql`CASE WHEN ${tickets.status} = 'closed' THEN 'closed_with_harvest' ELSE ${tickets.status} END`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(tickets.id, row.ticketId),
            or(eq(tickets.status, 'closed'), isNull(tickets.harvestTimeEntryId)),
          ),
        )
        .returning({ id: tickets.id });
      if (updated.length > 0) await recordSyncedTicket(tx, row.ticketId, before?.status === 'closed');
    }
    return true;
  });
}

/** The push failed but may work later: due again after `delayMs`. */
export async function markRetry(
  db: DbOrTx,
  entry: QueuedEntry,
  error: string,
  delayMs: number,
): Promise<void> {
  await db
    .update(timeEntries)
    .set({
      syncClaimedUntil: null,
      nextSyncAt: sql`now() + ${delayMs} * interval '1 millisecond'`,
      lastSyncError: error,
      updatedAt: sql`now()`,
    })
    .where(heldClaim(entry));
}

/** Harvest refused the entry itself: it waits for a person (saving the credentials queues it again). */
export async function markFailed(db: DbOrTx, entry: QueuedEntry, error: string): Promise<void> {
  await db
    .update(timeEntries)
    .set({
      syncStatus: 'failed',
      syncClaimedUntil: null,
      nextSyncAt: null,
      lastSyncError: error,
      updatedAt: sql`now()`,
    })
    .where(heldClaim(entry));
}

/**
 * Gives claims back without having pushed (the job is stopping, or Harvest is not configured): the
 * entries are due at once for whoever runs next, and the claim does not count as an attempt.
 */
export async function releaseClaims(db: DbOrTx, entries: QueuedEntry[], error?: string): Promise<void> {
  for (const entry of entries) {
    await db
      .update(timeEntries)
      .set({
        syncAttempts: entry.attempts - 1,
        syncClaimedUntil: null,
        ...(error === undefined ? {} : { lastSyncError: error }),
      })
      .where(heldClaim(entry));
  }
}

/**
 * New credentials: every entry waiting or refused is due now (the fix may be the new token). Entries
 * being pushed at this moment are left to their worker.
 */
export async function requeueUnsyncedEntries(db: DbOrTx): Promise<number> {
  const requeued = await db
    .update(timeEntries)
    .set({ syncStatus: 'pending', nextSyncAt: sql`now()` })
    .where(
      and(
        inArray(timeEntries.syncStatus, ['pending', 'failed']),
        or(isNull(timeEntries.syncClaimedUntil), lt(timeEntries.syncClaimedUntil, sql`now()`)),
      ),
    )
    .returning({ id: timeEntries.id });
  return requeued.length;
}
