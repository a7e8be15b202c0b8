import { sql, type SQL } from 'drizzle-orm';
import { REPORT_LIMITS } from '@shared/contracts/reports';
import { users } from '@shared/schema';
import { CLOSED_GROUP } from './report-tickets.sql';
import { TIME_GROUP } from './report-time.sql';

const u = users;

/** "First Last", either part alone, else the email (as GET /api/users names people). */
const userName = sql`coalesce(
  nullif(concat_ws(' ', nullif(trim(${u.firstName}), ''), nullif(trim(${u.lastName}), '')), ''),
  ${u.email}
)`;

/**
 * The active users (closed a ticket or logged time in the range) with both figures, from the per-user
 * rows of `closed_groups` and `time_groups`: one join, no query per user.
 */
export function teamCtes(): SQL {
  return sql`
    performers AS (
      SELECT ${u.id} AS id, ${userName} AS name,
        coalesce(c.n, 0) AS tickets_closed, coalesce(tg.hours, 0) AS hours
      FROM ${u}
      LEFT JOIN closed_groups AS c ON c.g = ${CLOSED_GROUP.byUser} AND c.user_id = ${u.id}
      LEFT JOIN time_groups AS tg ON tg.g = ${TIME_GROUP.byUser} AND tg.user_id = ${u.id}
      WHERE c.user_id IS NOT NULL OR tg.user_id IS NOT NULL
    )`;
}

/** The `team` object of the Report: performers ranked by tickets closed, then hours logged. */
export function teamJson(): SQL {
  return sql`json_build_object(
    'totalUsers', (SELECT count(*)::int FROM ${u}),
    'activeUsers', (SELECT count(*)::int FROM performers),
    'topPerformers', coalesce((
      SELECT json_agg(json_build_object(
        'userId', id, 'userName', name, 'ticketsClosed', tickets_closed, 'hoursLogged', round(hours, 2)
      ) ORDER BY tickets_closed DESC, hours DESC, name, id)
      FROM (
        SELECT * FROM performers
        ORDER BY tickets_closed DESC, hours DESC, name, id LIMIT ${REPORT_LIMITS.topPerformers}::int
      ) AS top
    ), '[]'::json)
  )`;
}
