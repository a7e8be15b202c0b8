import { sql, type Column } from 'drizzle-orm';
import type { CsatReport } from '@shared/contracts/portal';
import { csatSurveys, groups, tickets, users } from '@shared/schema';
import type { Database } from '../../db/client';
import { visibleGroupCondition } from '../../core/groups/group-visibility';

const s = csatSurveys;
const t = tickets;

/** The most recent comments the report lists. */
export const CSAT_REPORT_COMMENTS = 100;

export interface CsatWindow {
  /** Inclusive. */
  startAt: Date;
  /** Exclusive. */
  endAt: Date;
}

/** `AND condition`, or nothing while the caller sees every group. */
function visible(column: Column, hidden: readonly string[]) {
  const condition = visibleGroupCondition(column, hidden);
  return condition ? sql`AND ${condition}` : sql``;
}

/**
 * The Satisfaction view (issue 41) in one statement: the surveys asked (emailed) in the window, by
 * when the close asked them, as the other reports count tickets by their instants. Left out, as the
 * other reports leave out what the caller may not see (issue 39): a ticket in the Trash, and a survey
 * whose ticket is now, or whose close was, in one of `hidden`'s private groups, so that no hidden
 * group has a row. Agents and groups are those of the close; a deleted user or group has no row.
 */
export async function csatReportFigures(
  db: Database,
  window: CsatWindow,
  hidden: readonly string[],
): Promise<CsatReport> {
  const { rows } = await db.execute<{ report: Omit<CsatReport, 'score'> }>(sql`
    WITH asked AS (
      SELECT ${s.ticketId} AS ticket_id, ${t.ticketNumber} AS ticket_number, ${s.assigneeId} AS user_id,
        ${s.groupId} AS group_id, ${s.score} AS score, ${s.comment} AS comment, ${s.answeredAt} AS at,
        ${s.id} AS id
      FROM ${s} JOIN ${t} ON ${t.id} = ${s.ticketId}
      WHERE ${s.status} = 'sent'
        AND ${s.createdAt} >= ${window.startAt.toISOString()}::timestamptz
        AND ${s.createdAt} < ${window.endAt.toISOString()}::timestamptz
        AND ${t.deletedAt} IS NULL
        ${visible(t.groupId, hidden)}
        ${visible(s.groupId, hidden)}
    ),
    answered AS (SELECT * FROM asked WHERE score IS NOT NULL),
    by_agent AS (
      SELECT a.user_id, user_display_name(a.user_id) AS name,
        count(*) FILTER (WHERE a.score = 'good')::int AS good,
        count(*) FILTER (WHERE a.score = 'bad')::int AS bad
      FROM answered AS a JOIN ${users} ON ${users.id} = a.user_id
      GROUP BY a.user_id
    ),
    by_group AS (
      SELECT a.group_id, ${groups.name} AS name,
        count(*) FILTER (WHERE a.score = 'good')::int AS good,
        count(*) FILTER (WHERE a.score = 'bad')::int AS bad
      FROM answered AS a JOIN ${groups} ON ${groups.id} = a.group_id
      GROUP BY a.group_id, ${groups.name}
    )
    SELECT json_build_object(
      'asked', (SELECT count(*)::int FROM asked),
      'answered', (SELECT count(*)::int FROM answered),
      'good', (SELECT count(*)::int FROM answered WHERE score = 'good'),
      'bad', (SELECT count(*)::int FROM answered WHERE score = 'bad'),
      'byAgent', coalesce((SELECT json_agg(json_build_object('userId', user_id, 'name', name, 'good', good,
        'bad', bad) ORDER BY lower(name), user_id) FROM by_agent), '[]'::json),
      'byGroup', coalesce((SELECT json_agg(json_build_object('groupId', group_id, 'name', name, 'good', good,
        'bad', bad) ORDER BY lower(name), group_id) FROM by_group), '[]'::json),
      'comments', coalesce((SELECT json_agg(json_build_object('ticketId', ticket_id,
        'ticketNumber', ticket_number, 'score', score, 'comment', comment,
        'at', to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY at DESC, id)
        FROM (SELECT * FROM answered WHERE coalesce(trim(comment), '') <> ''
          ORDER BY at DESC, id LIMIT ${CSAT_REPORT_COMMENTS}::int) AS latest), '[]'::json)
    ) AS report`);
  const report = rows[0]!.report;
  return { ...report, score: report.answered === 0 ? null : report.good / report.answered };
}
