import { sql, type SQL } from 'drizzle-orm';
import { REPORT_PRIORITY_ORDER } from '@shared/contracts/reports';
import { CLOSED_TICKET_STATUSES, TICKET_STATUSES } from '@shared/constants';
import { tickets } from '@shared/schema';
import { withShares } from './report-shares.sql';
import { visibleTicket } from './report-visibility.sql';
import type { ReportWindow } from './report-window';

const t = tickets;

const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/** Who a closed ticket counts for: its assignee, else whoever changed it last (the closer). */
export const creditedUser = sql`coalesce(${t.assignedTo}, ${t.lastUpdatedBy})`;

/** GROUPING(credited user, group_id) of each grouping set of `closed_groups`. */
export const CLOSED_GROUP = { byUser: 1, byGroup: 2, total: 3 } as const;

/** Every listed value with its count (0 when none), in the listed order, with its percentage. */
const breakdown = (column: 'status' | 'priority', values: readonly string[]) =>
  withShares(sql`
    SELECT v.key, coalesce(sum(c.n), 0) AS weight, v.ord
    FROM unnest(${textArray(values)}) WITH ORDINALITY AS v(key, ord)
    LEFT JOIN created_groups AS c ON c.${sql.identifier(column)} = v.key
    GROUP BY v.key, v.ord`);

/**
 * Tickets created in the range, by status, priority and group (a few dozen rows at most), and tickets
 * closed in the range: in total with their mean resolution time, per credited user for the team part
 * and per group for the by-group table (issue 39). The tickets of `hidden` groups are left out.
 */
export function ticketCtes(w: ReportWindow, hidden: readonly string[]): SQL {
  return sql`
    created_groups AS MATERIALIZED (
      SELECT ${t.status} AS status, ${t.priority} AS priority, ${t.groupId} AS group_id, count(*)::int AS n
      FROM ${t}
      WHERE ${t.createdAt} >= ${w.startAt}::timestamptz AND ${t.createdAt} < ${w.endAt}::timestamptz
        ${visibleTicket(t.groupId, hidden)}
      GROUP BY 1, 2, 3
    ),
    status_shares AS (${breakdown('status', TICKET_STATUSES)}),
    priority_shares AS (${breakdown('priority', REPORT_PRIORITY_ORDER)}),
    closed_groups AS MATERIALIZED (
      SELECT GROUPING(${creditedUser}, ${t.groupId}) AS g, ${creditedUser} AS user_id,
        ${t.groupId} AS group_id, count(*)::int AS n,
        avg(date_part('epoch', ${t.closedAt} - ${t.createdAt}))
          FILTER (WHERE ${t.closedAt} >= ${t.createdAt}) AS mean_seconds
      FROM ${t}
      WHERE ${t.status} = ANY(${textArray(CLOSED_TICKET_STATUSES)})
        AND ${t.closedAt} >= ${w.startAt}::timestamptz AND ${t.closedAt} < ${w.endAt}::timestamptz
        ${visibleTicket(t.groupId, hidden)}
      GROUP BY GROUPING SETS ((${creditedUser}), (${t.groupId}), ())
    ),
    closed_total AS (SELECT n, mean_seconds FROM closed_groups WHERE g = ${CLOSED_GROUP.total})`;
}

const createdWithStatus = (status: string) =>
  sql`(SELECT coalesce(sum(n), 0)::int FROM created_groups WHERE status = ${status})`;

/** The `tickets` object of the Report. */
export function ticketJson(): SQL {
  return sql`json_build_object(
    'totalTickets', (SELECT coalesce(sum(n), 0)::int FROM created_groups),
    'openTickets', ${createdWithStatus('open')},
    'inProgressTickets', ${createdWithStatus('in_progress')},
    'closedTickets', coalesce((SELECT n FROM closed_total), 0),
    'averageResolutionTime', coalesce(round(((SELECT mean_seconds FROM closed_total) / 3600)::numeric, 2), 0),
    'statusBreakdown', (
      SELECT json_agg(json_build_object('status', key, 'count', weight, 'percentage', percentage) ORDER BY ord)
      FROM status_shares
    ),
    'priorityBreakdown', (
      SELECT json_agg(json_build_object('priority', key, 'count', weight, 'percentage', percentage) ORDER BY ord)
      FROM priority_shares
    )
  )`;
}
