import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { TimeEntrySummary } from '@shared/contracts/time';
import { tickets, timeEntries } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
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
    })
    .from(timeEntries)
    .leftJoin(tickets, eq(tickets.id, timeEntries.ticketId));

export async function findTimeEntry(db: DbOrTx, id: string): Promise<TimeEntryWithTicketRow | undefined> {
  const [row] = await selectWithTicket(db).where(eq(timeEntries.id, id));
  return row;
}

/** The user's entries, latest day first, then latest written first. */
export function listTimeEntriesOfUser(
  db: DbOrTx,
  userId: string,
  limit: number,
): Promise<TimeEntryWithTicketRow[]> {
  return selectWithTicket(db)
    .where(eq(timeEntries.userId, userId))
    .orderBy(desc(timeEntries.spentDate), desc(timeEntries.createdAt), desc(timeEntries.id))
    .limit(limit);
}

/**
 * The summary cards in one query. The week runs from the most recent Sunday (`today` itself on a
 * Sunday) to the Saturday after it; `today` undefined means the database's current date.
 */
export async function summarizeTimeOfUser(
  db: DbOrTx,
  userId: string,
  today: string | undefined,
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
    .where(eq(timeEntries.userId, userId));
  return row ?? { todayHours: 0, weekHours: 0, totalEntries: 0 };
}
