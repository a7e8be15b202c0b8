import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { CustomFieldValues } from '@shared/contracts/ticket-fields';
import { tickets, timeEntries, users } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { visibleGroupCondition } from '../../core/groups/group-visibility';

/** The days of the export, and the groups whose tickets' time the caller may not see (issue 39). */
export interface ExportScope {
  start: string;
  end: string;
  /** Absent or empty: every entry, by the statement of before groups. */
  hiddenGroupIds?: readonly string[];
}

/** Where the previous page ended. `createdAt` is PostgreSQL's own text, which keeps microseconds. */
export interface ExportCursor {
  spentDate: string;
  createdAt: string;
  id: string;
}

export interface ExportRow {
  spentDate: string;
  userName: string;
  projectName: string;
  taskName: string;
  hours: number;
  notes: string;
  ticketNumber: string | null;
  /** The values of the entry's ticket (issue 38); null for time not on a ticket. */
  customFields: CustomFieldValues | null;
  syncStatus: string;
  harvestTimeEntryId: number | null;
  cursor: ExportCursor;
}

const te = timeEntries;
const order = sql`(${te.spentDate}, ${te.createdAt}, ${te.id})`;

/**
 * One page of the range's time entries in export order (day, then as written), after `after`. Pages
 * are fetched by key rather than by OFFSET, so each costs the same however deep the export is, and
 * no transaction or connection is held between pages. Time on a ticket of a hidden group is left out
 * through the ticket the page joins anyway (time on no ticket has no group, and stays).
 */
export function timeEntriesPage(
  db: DbOrTx,
  range: ExportScope,
  after: ExportCursor | undefined,
  limit: number,
): Promise<ExportRow[]> {
  return db
    .select({
      spentDate: te.spentDate,
      userName: sql<string>`coalesce(
        nullif(concat_ws(' ', nullif(trim(${users.firstName}), ''), nullif(trim(${users.lastName}), '')), ''),
        ${users.email}
      )`,
      projectName: te.harvestProjectName,
      taskName: te.harvestTaskName,
      hours: te.hours,
      notes: te.notes,
      ticketNumber: tickets.ticketNumber,
      customFields: tickets.customFields,
      syncStatus: te.syncStatus,
      harvestTimeEntryId: te.harvestTimeEntryId,
      cursor: {
        spentDate: te.spentDate,
        createdAt: sql<string>`${te.createdAt}::text`,
        id: te.id,
      },
    })
    .from(te)
    .innerJoin(users, eq(users.id, te.userId))
    .leftJoin(tickets, eq(tickets.id, te.ticketId))
    .where(
      and(
        between(te.spentDate, range.start, range.end),
        visibleGroupCondition(tickets.groupId, range.hiddenGroupIds ?? []),
        after
          ? sql`${order} > (${after.spentDate}::date, ${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(te.spentDate), asc(te.createdAt), asc(te.id))
    .limit(limit);
}
