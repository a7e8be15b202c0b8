/**
 * Deletions Harvest still has to hear about (`harvest_deletions`), claimed the way time entries are:
 * SKIP LOCKED and a lease, the attempt count fencing a report that comes after the lease ran out.
 */
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { harvestDeletions } from '@shared/schema';
import type { Database, DbOrTx } from '../../db/client';

export interface QueuedDeletion {
  timeEntryId: string;
  harvestTimeEntryId: number | null;
  spentDate: string;
  attempts: number;
}

const columns = {
  timeEntryId: harvestDeletions.timeEntryId,
  harvestTimeEntryId: harvestDeletions.harvestTimeEntryId,
  spentDate: harvestDeletions.spentDate,
  attempts: harvestDeletions.attempts,
};

const held = (claim: QueuedDeletion) =>
  and(eq(harvestDeletions.timeEntryId, claim.timeEntryId), eq(harvestDeletions.attempts, claim.attempts));

/**
 * Queues the Harvest side of a deleted entry, due once `notBefore` has passed (a push of the entry
 * that may still be under way has ended by then, so the entry it creates is found and deleted too).
 */
export async function queueDeletion(
  tx: DbOrTx,
  deletion: {
    timeEntryId: string;
    harvestTimeEntryId: number | null;
    spentDate: string;
    notBefore: Date | null;
  },
): Promise<void> {
  await tx
    .insert(harvestDeletions)
    .values({
      timeEntryId: deletion.timeEntryId,
      harvestTimeEntryId: deletion.harvestTimeEntryId,
      spentDate: deletion.spentDate,
      nextSyncAt: deletion.notBefore && deletion.notBefore > new Date() ? deletion.notBefore : sql`now()`,
    })
    .onConflictDoNothing();
}

export async function claimDueDeletions(
  db: Database,
  limit: number,
  leaseMs: number,
): Promise<QueuedDeletion[]> {
  const due = db
    .select({ id: harvestDeletions.timeEntryId })
    .from(harvestDeletions)
    .where(
      and(
        eq(harvestDeletions.status, 'pending'),
        lte(harvestDeletions.nextSyncAt, sql`now()`),
        or(isNull(harvestDeletions.claimedUntil), lt(harvestDeletions.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(harvestDeletions.nextSyncAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(harvestDeletions)
    .set({
      attempts: sql`${harvestDeletions.attempts} + 1`,
      claimedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(inArray(harvestDeletions.timeEntryId, due))
    .returning(columns);
}

/** Claims one queued deletion for the request that just queued it (when it is due now). */
export async function claimDeletion(
  db: Database,
  timeEntryId: string,
  leaseMs: number,
): Promise<QueuedDeletion | undefined> {
  const [row] = await db
    .update(harvestDeletions)
    .set({
      attempts: sql`${harvestDeletions.attempts} + 1`,
      claimedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(
      and(
        eq(harvestDeletions.timeEntryId, timeEntryId),
        eq(harvestDeletions.status, 'pending'),
        lte(harvestDeletions.nextSyncAt, sql`now()`),
        or(isNull(harvestDeletions.claimedUntil), lt(harvestDeletions.claimedUntil, sql`now()`)),
      ),
    )
    .returning(columns);
  return row;
}

/** Harvest no longer has the entry: nothing is left to do. */
export async function finishDeletion(db: DbOrTx, claim: QueuedDeletion): Promise<void> {
  await db.delete(harvestDeletions).where(held(claim));
}

export async function retryDeletion(
  db: DbOrTx,
  claim: QueuedDeletion,
  error: string,
  delayMs: number,
): Promise<void> {
  await db
    .update(harvestDeletions)
    .set({
      claimedUntil: null,
      nextSyncAt: sql`now() + ${delayMs} * interval '1 millisecond'`,
      lastError: error,
    })
    .where(held(claim));
}

/** Harvest refused for good (the entry is locked there): kept, with the reason, for a person to see. */
export async function failDeletion(db: DbOrTx, claim: QueuedDeletion, error: string): Promise<void> {
  await db
    .update(harvestDeletions)
    .set({ status: 'failed', claimedUntil: null, lastError: error })
    .where(held(claim));
}
