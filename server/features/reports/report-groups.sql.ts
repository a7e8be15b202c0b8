import { sql, type SQL } from 'drizzle-orm';
import { GROUP_TEXTS } from '@shared/contracts/groups';
import { groups, tickets, timeEntries } from '@shared/schema';
import { CLOSED_GROUP } from './report-tickets.sql';
import { visibleTicket } from './report-visibility.sql';
import type { ReportWindow } from './report-window';

const t = tickets;
const te = timeEntries;
const g = groups;

/**
 * The by-group table (issue 39), after `ticketCtes` (it reads `created_groups` and `closed_groups`,
 * which are also grouped by group_id, so no ticket is read again for those two figures):
 * - `group_hours`: the range's time entries by their ticket's group, as `time_groups` counts them
 *   (time on no ticket goes to "No group", so the rows add up to `totalHours`);
 * - `group_medians`: the SLA view's median first response (report-sla.sql.ts: tickets created in the
 *   range, not in the Trash, with a due time, answered), per group;
 * - `by_group`: the groups with anything in the range, and "No group" always.
 * The tickets of `hidden` groups, and the time on them, are left out, so no hidden group has a row.
 */
export function groupCtes(w: ReportWindow, hidden: readonly string[]): SQL {
  return sql`
    group_hours AS (
      SELECT ${t.groupId} AS group_id, sum(${te.hours}) AS hours
      FROM ${te} LEFT JOIN ${t} ON ${t.id} = ${te.ticketId}
      WHERE ${te.spentDate} BETWEEN ${w.start}::date AND ${w.end}::date
        ${visibleTicket(t.groupId, hidden)}
      GROUP BY 1
    ),
    group_medians AS (
      SELECT ${t.groupId} AS group_id,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY ${t.slaFirstResponseMinutes}) AS minutes
      FROM ${t}
      WHERE ${t.createdAt} >= ${w.startAt}::timestamptz AND ${t.createdAt} < ${w.endAt}::timestamptz
        AND ${t.deletedAt} IS NULL
        AND (${t.slaFirstResponseDueAt} IS NOT NULL OR ${t.slaResolutionDueAt} IS NOT NULL)
        AND ${t.slaFirstResponseMinutes} IS NOT NULL
        ${visibleTicket(t.groupId, hidden)}
      GROUP BY 1
    ),
    group_keys AS (
      SELECT group_id FROM created_groups
      UNION SELECT group_id FROM closed_groups WHERE g = ${CLOSED_GROUP.byGroup}
      UNION SELECT group_id FROM group_hours
      UNION SELECT NULL::uuid
    ),
    by_group AS (
      SELECT k.group_id, coalesce(${g.name}, ${GROUP_TEXTS.noGroup}::text) AS name,
        coalesce((SELECT sum(n) FROM created_groups AS c WHERE c.group_id IS NOT DISTINCT FROM k.group_id), 0)::int
          AS tickets,
        coalesce((SELECT n FROM closed_groups AS c
          WHERE c.g = ${CLOSED_GROUP.byGroup} AND c.group_id IS NOT DISTINCT FROM k.group_id), 0) AS closed,
        coalesce((SELECT hours FROM group_hours AS h WHERE h.group_id IS NOT DISTINCT FROM k.group_id), 0)
          AS hours,
        (SELECT minutes FROM group_medians AS m WHERE m.group_id IS NOT DISTINCT FROM k.group_id) AS minutes
      FROM group_keys AS k LEFT JOIN ${g} ON ${g.id} = k.group_id
    )`;
}

/** The `byGroup` rows of the Report: by name, "No group" last; hours with two decimals. */
export function groupJson(): SQL {
  return sql`(
    SELECT json_agg(json_build_object(
      'groupId', group_id, 'name', name, 'tickets', tickets, 'closed', closed,
      'hours', round(hours, 2), 'medianFirstResponseHours', round((minutes / 60)::numeric, 2)
    ) ORDER BY group_id IS NULL, lower(name), group_id)
    FROM by_group
  )`;
}
