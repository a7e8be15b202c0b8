import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { TimeEntrySummary } from '@shared/contracts/time';
import { tickets, timeEntries } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { ticketOutsideHiddenGroups, visibleGroupCondition } from '../../core/groups/group-visibility';
import type { TimeEntryWithTicketRow } from './time-entry.mapper';

export interface NewTimeEntryValues {
  ticketId: string | null;
  projectId: number;
  projectName: string;
  taskId: number;
  taskName: string;
  hours: number;
  notes: string;
  /** YYYY-MM-DD; undefined: the database's current date. */
  spentDate: string | undefined;
  userId: string;
}

/**
 * How the new entry joins the Harvest queue: `claimLeaseMs` set, it is claimed for the push the
 * request makes right after its transaction (attempt 1), so the job leaves it alone meanwhile; unset,
 * it simply waits for the job (Harvest not configured), with `waitingReason` shown to the user.
 */
export interface QueueOptions {
  claimLeaseMs?: number;
  waitingReason?: string;
}

export async function insertQueuedTimeEntry(
  tx: DbOrTx,
  values: NewTimeEntryValues,
  queue: QueueOptions,
): Promise<string> {
  const claimed = queue.claimLeaseMs !== undefined;
  const [row] = await tx
    .insert(timeEntries)
    .values({
      ticketId: values.ticketId,
      harvestProjectId: values.projectId,
      harvestProjectName: values.projectName,
      harvestTaskId: values.taskId,
      harvestTaskName: values.taskName,
      hours: values.hours,
      notes: values.notes,
      spentDate: values.spentDate ?? sql`CURRENT_DATE`,
      userId: values.userId,
      syncStatus: 'pending',
      syncAttempts: claimed ? 1 : 0,
      syncClaimedUntil: claimed ? sql`now() + ${queue.claimLeaseMs} * interval '1 millisecond'` : null,
      nextSyncAt: sql`now()`,
      lastSyncError: queue.waitingReason ?? null,
    })
    .returning({ id: timeEntries.id });
  if (!row) throw new Error('insert into time_entries returned no row');
  return row.id;
}

const selectWithTicket = (db: DbOrTx) =>
  db
    .select({
      ...getTableColumns(timeEntries),
      ticketNumber: tickets.ticketNumber,
      ticketSubject: tickets.subject,
      ticketGroupId: tickets.groupId,
    })
    .from(timeEntries)
    .leftJoin(tickets, eq(tickets.id, timeEntries.ticketId));

export async function findTimeEntry(db: DbOrTx, id: string): Promise<TimeEntryWithTicketRow | undefined> {
  const [row] = await selectWithTicket(db).where(eq(timeEntries.id, id));
  return row;
}

/**
 * The user's entries, latest day first, then latest written first; those on tickets of
 * `hiddenGroupIds` left out (issue 39) through the ticket the list joins anyway.
 */
export function listTimeEntriesOfUser(
  db: DbOrTx,
  userId: string,
  limit: number,
  hiddenGroupIds: readonly string[],
): Promise<TimeEntryWithTicketRow[]> {
  return selectWithTicket(db)
    .where(and(eq(timeEntries.userId, userId), visibleGroupCondition(tickets.groupId, hiddenGroupIds)))
    .orderBy(desc(timeEntries.spentDate), desc(timeEntries.createdAt), desc(timeEntries.id))
    .limit(limit);
}

/**
 * Issue 39: an entry on a ticket of `hiddenGroupIds` is left out; time on no ticket always counts.
 * Nothing while none is hidden, so the statement stays the one of before groups.
 */
const onVisibleTicket = (hiddenGroupIds: readonly string[]) =>
  ticketOutsideHiddenGroups(timeEntries.ticketId, hiddenGroupIds);

/**
 * The summary cards in one query. The week runs from the most recent Sunday (`today` itself on a
 * Sunday) to the Saturday after it; `today` undefined means the database's current date. Entries on
 * tickets of `hiddenGroupIds` are left out.
 */
export async function summarizeTimeOfUser(
  db: DbOrTx,
  userId: string,
  today: string | undefined,
  hiddenGroupIds: readonly string[],
): Promise<TimeEntrySummary> {
  const day = today === undefined ? sql`CURRENT_DATE` : sql`${today}::date`;
  const weekStart = sql`(${day} - extract(dow from ${day})::int)`;
  const [row] = await db
    .select({
      todayHours: sql<number>`coalesce(sum(${timeEntries.hours}) filter (where ${timeEntries.spentDate} = ${day}), 0)::float8`,
      weekHours: sql<number>`coalesce(sum(${timeEntries.hours}) filter (where ${timeEntries.spentDate} >= ${weekStart} and ${timeEntries.spentDate} < ${weekStart} + 7), 0)::float8`,
      totalEntries: sql<number>`count(*)::int`,
    })
    .from(timeEntries)
    .where(and(eq(timeEntries.userId, userId), onVisibleTicket(hiddenGroupIds)));
  return row ?? { todayHours: 0, weekHours: 0, totalEntries: 0 };
}

/** What an edit may change: the entry's values but its ticket and author, with a date always given. */
export type TimeEntryChanges = Omit<NewTimeEntryValues, 'ticketId' | 'userId' | 'spentDate'> & {
  spentDate: string;
};

/**
 * Writes a change. An entry on its way to Harvest (or there already) is queued again: pending, due
 * now, its attempt count raised so a push still holding the old claim cannot record itself over the
 * change, and claimed for the request's own push when `queue.claimLeaseMs` is set. An entry that is
 * never pushed ('local') stays local.
 */
export async function updateQueuedTimeEntry(
  tx: DbOrTx,
  id: string,
  changes: TimeEntryChanges,
  queue: QueueOptions,
): Promise<void> {
  const claimed = queue.claimLeaseMs !== undefined;
  const isLocal = sql`${timeEntries.syncStatus} = 'local'`;
  await tx
    .update(timeEntries)
    .set({
      harvestProjectId: changes.projectId,
      harvestProjectName: changes.projectName,
      harvestTaskId: changes.taskId,
      harvestTaskName: changes.taskName,
      hours: changes.hours,
      notes: changes.notes,
      spentDate: changes.spentDate,
      updatedAt: sql`now()`,
      syncStatus: sql`CASE WHEN ${isLocal} THEN 'local' ELSE 'pending' END`,
      syncAttempts: sql`CASE WHEN ${isLocal} THEN ${timeEntries.syncAttempts} ELSE ${timeEntries.syncAttempts} + 1 END`,
      syncClaimedUntil: claimed
        ? sql`CASE WHEN ${isLocal} THEN NULL ELSE now() + ${queue.claimLeaseMs} * interval '1 millisecond' END`
        : null,
      nextSyncAt: sql`CASE WHEN ${isLocal} THEN NULL ELSE now() END`,
      lastSyncError: sql`CASE WHEN ${isLocal} THEN NULL ELSE ${queue.waitingReason ?? null}::text END`,
    })
    .where(eq(timeEntries.id, id));
}

/** Deletes the entry; what it was, for the Harvest side, or undefined when it was gone already. */
export async function deleteTimeEntryRow(
  tx: DbOrTx,
  id: string,
): Promise<
  | {
      syncStatus: string;
      syncAttempts: number;
      harvestTimeEntryId: number | null;
      spentDate: string;
      syncClaimedUntil: Date | null;
    }
  | undefined
> {
  const [row] = await tx.delete(timeEntries).where(eq(timeEntries.id, id)).returning({
    syncStatus: timeEntries.syncStatus,
    syncAttempts: timeEntries.syncAttempts,
    harvestTimeEntryId: timeEntries.harvestTimeEntryId,
    spentDate: timeEntries.spentDate,
    syncClaimedUntil: timeEntries.syncClaimedUntil,
  });
  return row;
}
