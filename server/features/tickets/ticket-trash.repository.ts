import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { ticketTimers, tickets } from '@shared/schema';
import type { DbOrTx } from '../../db/client';

/**
 * Marks the live tickets among `ids` deleted, recorded as the caller's change (the history's actor),
 * when all of them are live; returns the live ones' ids either way. Rows are locked in id order, as
 * every multi-ticket change locks them.
 */
export async function moveToTrash(tx: DbOrTx, ids: readonly string[], callerId: string): Promise<string[]> {
  const live = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(inArray(tickets.id, [...ids]), isNull(tickets.deletedAt)))
    .orderBy(tickets.id)
    .for('update');
  if (live.length === ids.length) {
    await tx
      .update(tickets)
      .set({ deletedAt: sql`now()`, lastUpdatedBy: callerId, updatedAt: sql`now()` })
      .where(inArray(tickets.id, [...ids]));
    // A timer running on a deleted ticket stops and is discarded, as when tickets were deleted for
    // good (its time was never logged); restoring does not bring it back.
    await tx.delete(ticketTimers).where(inArray(ticketTimers.ticketId, [...ids]));
  }
  return live.map((row) => row.id);
}

/** Clears the ticket's deletion; false when it is not in the Trash. */
export async function restoreFromTrash(db: DbOrTx, id: string, callerId: string): Promise<boolean> {
  const restored = await db
    .update(tickets)
    .set({ deletedAt: null, lastUpdatedBy: callerId, updatedAt: sql`now()` })
    .where(and(eq(tickets.id, id), isNotNull(tickets.deletedAt)))
    .returning({ id: tickets.id });
  return restored.length > 0;
}

/**
 * Deletes the ticket rows among `ids` (their messages, files and history cascade), only those in the
 * Trash with `onlyDeleted`; answers the ids purged, and the tickets that had been merged into them,
 * whose link the purge clears (merged_into_id, ON DELETE SET NULL), so the change names them too.
 */
export async function purge(
  tx: DbOrTx,
  ids: readonly string[],
  options: { onlyDeleted: boolean },
): Promise<{ purged: string[]; unlinked: string[] }> {
  const merged = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(inArray(tickets.mergedIntoId, [...ids]))
    .orderBy(tickets.id)
    .for('update');
  const purged = await tx
    .delete(tickets)
    .where(and(inArray(tickets.id, [...ids]), options.onlyDeleted ? isNotNull(tickets.deletedAt) : undefined))
    .returning({ id: tickets.id });
  const gone = new Set(purged.map((row) => row.id));
  return {
    purged: [...gone],
    unlinked: merged.map((row) => row.id).filter((id) => !gone.has(id)),
  };
}
