import { sql, type SQL } from 'drizzle-orm';
import { REPORT_LIMITS } from '@shared/contracts/reports';
import { timeEntries } from '@shared/schema';
import { withShares } from './report-shares.sql';
import { entryOfVisibleTicket } from './report-visibility.sql';
import type { ReportWindow } from './report-window';

const te = timeEntries;

/** GROUPING(spent_date, project, user_id) of each grouping set of `time_groups`. */
export const TIME_GROUP = { byDay: 3, byProject: 5, byUser: 6, total: 7 } as const;

/**
 * The time entries of the range in one pass: hours and entries per day, per project, per user and
 * in total (GROUPING SETS), so the later parts of the query read a few dozen rows instead of the
 * entries again. `time_groups` is also read by the team part (hours per user). Entries on tickets of
 * `hidden` groups are left out.
 */
export function timeCtes(w: ReportWindow, hidden: readonly string[]): SQL {
  return sql`
    time_groups AS MATERIALIZED (
      SELECT GROUPING(${te.spentDate}, ${te.harvestProjectName}, ${te.userId}) AS g,
        ${te.spentDate} AS day, ${te.harvestProjectName} AS project, ${te.userId} AS user_id,
        sum(${te.hours}) AS hours, count(*)::int AS entries
      FROM ${te}
      WHERE ${te.spentDate} BETWEEN ${w.start}::date AND ${w.end}::date
        ${entryOfVisibleTicket(te.ticketId, hidden)}
      GROUP BY GROUPING SETS ((${te.spentDate}), (${te.harvestProjectName}), (${te.userId}), ())
    ),
    time_total AS (
      SELECT coalesce(sum(hours), 0) AS hours, coalesce(sum(entries), 0)::int AS entries
      FROM time_groups WHERE g = ${TIME_GROUP.total}
    ),
    project_shares AS (${withShares(
      sql`SELECT project AS key, hours AS weight, project AS ord FROM time_groups WHERE g = ${TIME_GROUP.byProject}`,
    )}),
    daily AS (
      SELECT ${w.start}::date + offs AS day, coalesce(tg.hours, 0) AS hours, coalesce(tg.entries, 0) AS entries
      FROM generate_series(0, ${w.days - 1}::int) AS offs
      LEFT JOIN time_groups AS tg ON tg.g = ${TIME_GROUP.byDay} AND tg.day = ${w.start}::date + offs
    )`;
}

/** The `timeTracking` object of the Report; every day of the range is listed, with 0 when idle. */
export function timeJson(w: ReportWindow): SQL {
  return sql`json_build_object(
    'totalHours', round((SELECT hours FROM time_total), 2),
    'totalEntries', (SELECT entries FROM time_total),
    'averageHoursPerDay', round((SELECT hours FROM time_total) / ${w.days}::int, 2),
    'topProjects', coalesce((
      SELECT json_agg(json_build_object(
        'projectName', key, 'hours', round(weight, 2), 'percentage', percentage
      ) ORDER BY weight DESC, key)
      FROM (
        SELECT key, weight, percentage FROM project_shares
        ORDER BY weight DESC, key LIMIT ${REPORT_LIMITS.topProjects}::int
      ) AS top
    ), '[]'::json),
    'dailyBreakdown', (
      SELECT json_agg(json_build_object(
        'date', to_char(day, 'YYYY-MM-DD'), 'hours', round(hours, 2), 'entries', entries
      ) ORDER BY day)
      FROM daily
    )
  )`;
}
