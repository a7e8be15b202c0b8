import { sql, type SQL } from 'drizzle-orm';
import { CLOSED_TICKET_STATUSES } from '@shared/constants';
import { REPORT_PRIORITY_ORDER } from '@shared/contracts/reports';
import type { SlaReport } from '@shared/contracts/sla';
import { tickets, users } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { visibleTicket } from './report-visibility.sql';
import type { ReportWindow } from './report-window';

const t = tickets;
const u = users;

/** A column of `tracked` below: the ticket's SLA columns (issue 24) under their SQL names. */
const col = (name: string) => sql`tracked.${sql.identifier(name)}`;

const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/**
 * One target's outcome per ticket: `met` (its flag true), `breached` (its flag false, or undecided
 * while its due time passed and it is still not done: the warnings job has not got to it yet),
 * `pending` (everything else with a due time), null without a due time (not counted).
 */
function outcome(due: string, met: string, stillOpen: SQL): SQL {
  return sql`CASE
    WHEN ${col(due)} IS NULL THEN NULL
    WHEN ${col(met)} IS TRUE THEN 'met'
    WHEN ${col(met)} IS FALSE OR (${col(met)} IS NULL AND ${col(due)} < now() AND ${stillOpen}) THEN 'breached'
    ELSE 'pending'
  END`;
}

const counts = (column: string) => sql`json_build_object(
  'met', count(*) FILTER (WHERE ${sql.identifier(column)} = 'met'),
  'breached', count(*) FILTER (WHERE ${sql.identifier(column)} = 'breached'),
  'pending', count(*) FILTER (WHERE ${sql.identifier(column)} = 'pending')
)`;

/**
 * GET /api/reports/sla: the SLA figures of the tickets created in the range (deleted ones left out)
 * that have a due time, in one statement. A first response is done once the first reply was sent
 * (or the ticket closed before one was owed: the SLA feature decides its flag then); a resolution once
 * the ticket is closed. The tickets of the `hidden` groups are left out (issue 39).
 */
export function slaReportStatement(w: ReportWindow, hidden: readonly string[] = []): SQL {
  const closed = textArray(CLOSED_TICKET_STATUSES);
  return sql`
    WITH tracked AS MATERIALIZED (
      SELECT ${t.id} AS id, ${t.priority} AS priority, ${t.assignedTo} AS assigned_to,
        ${t.status} AS status,
        ${t.slaFirstResponseDueAt} AS sla_first_response_due_at,
        ${t.slaFirstRespondedAt} AS sla_first_responded_at,
        ${t.slaResolutionDueAt} AS sla_resolution_due_at,
        ${t.slaFirstResponseMet} AS sla_first_response_met,
        ${t.slaResolutionMet} AS sla_resolution_met,
        ${t.slaFirstResponseMinutes} AS sla_first_response_minutes
      FROM ${t}
      WHERE ${t.createdAt} >= ${w.startAt}::timestamptz AND ${t.createdAt} < ${w.endAt}::timestamptz
        AND ${t.deletedAt} IS NULL
        AND (${t.slaFirstResponseDueAt} IS NOT NULL OR ${t.slaResolutionDueAt} IS NOT NULL)
        ${visibleTicket(t.groupId, hidden)}
    ),
    outcomes AS (
      SELECT tracked.id, tracked.priority, tracked.assigned_to, tracked.sla_first_response_minutes AS minutes,
        ${outcome('sla_first_response_due_at', 'sla_first_response_met', sql`${col('sla_first_responded_at')} IS NULL AND NOT (tracked.status = ANY(${closed}))`)} AS first_response,
        ${outcome('sla_resolution_due_at', 'sla_resolution_met', sql`NOT (tracked.status = ANY(${closed}))`)} AS resolution
      FROM tracked
    ),
    by_priority AS (
      SELECT v.key AS priority, v.ord, count(o.id)::int AS tickets,
        count(*) FILTER (WHERE o.first_response = 'breached')::int AS first_response_breached,
        count(*) FILTER (WHERE o.resolution = 'breached')::int AS resolution_breached
      FROM unnest(${textArray(REPORT_PRIORITY_ORDER)}) WITH ORDINALITY AS v(key, ord)
      LEFT JOIN outcomes AS o ON o.priority = v.key
      GROUP BY v.key, v.ord
    ),
    by_agent AS (
      SELECT o.assigned_to AS user_id, count(*)::int AS tickets,
        count(*) FILTER (WHERE o.first_response = 'breached')::int AS first_response_breached,
        count(*) FILTER (WHERE o.resolution = 'breached')::int AS resolution_breached
      FROM outcomes AS o
      GROUP BY o.assigned_to
    )
    SELECT
      (SELECT ${counts('first_response')} FROM outcomes WHERE first_response IS NOT NULL) AS first_response,
      (SELECT ${counts('resolution')} FROM outcomes WHERE resolution IS NOT NULL) AS resolution,
      (SELECT json_agg(json_build_object(
          'priority', priority, 'tickets', tickets,
          'firstResponseBreached', first_response_breached, 'resolutionBreached', resolution_breached
        ) ORDER BY ord) FROM by_priority) AS by_priority,
      coalesce((SELECT json_agg(json_build_object(
          'userId', a.user_id, 'firstName', ${u.firstName}, 'lastName', ${u.lastName}, 'tickets', a.tickets,
          'firstResponseBreached', a.first_response_breached, 'resolutionBreached', a.resolution_breached
        ) ORDER BY a.first_response_breached + a.resolution_breached DESC, a.tickets DESC,
          a.user_id IS NULL, lower(${u.firstName}), lower(${u.lastName}), a.user_id)
        FROM by_agent AS a LEFT JOIN ${u} ON ${u.id} = a.user_id), '[]'::json) AS by_agent,
      (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY minutes) FROM outcomes WHERE minutes IS NOT NULL)
        AS median_first_response_minutes`;
}

type SlaReportRow = {
  first_response: SlaReport['firstResponse'];
  resolution: SlaReport['resolution'];
  by_priority: SlaReport['byPriority'];
  by_agent: SlaReport['byAgent'];
  median_first_response_minutes: number | string | null;
} & Record<string, unknown>;

export async function slaReportFigures(
  db: DbOrTx,
  w: ReportWindow,
  hidden: readonly string[],
): Promise<SlaReport> {
  const result = await db.execute<SlaReportRow>(slaReportStatement(w, hidden));
  const row = result.rows[0];
  if (!row) throw new Error('the SLA report query returned no row');
  const median = row.median_first_response_minutes;
  return {
    firstResponse: row.first_response,
    resolution: row.resolution,
    byPriority: row.by_priority,
    byAgent: row.by_agent,
    medianFirstResponseMinutes: median === null ? null : Number(median),
  };
}
