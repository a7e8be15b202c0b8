import { sql, type SQL } from 'drizzle-orm';
import { CLOSED_TICKET_STATUSES } from '@shared/constants';
import type { TicketField } from '@shared/contracts/ticket-fields';
import { tickets, timeEntries } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { visibleTicket } from './report-visibility.sql';
import type { ReportWindow } from './report-window';

const t = tickets;
const te = timeEntries;

const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/** One group of the report by field as PostgreSQL counts it: `value` null for tickets without one. */
export interface FieldGroup {
  value: string | null;
  tickets: number;
  closed: number;
  hours: number;
}

/**
 * Each ticket's value(s) as text, from `s.v` (the field's JSON value, SQL NULL when unset). A
 * multi-select ticket yields one row per value (none: one row with NULL); a checkbox never ticked
 * counts as unticked, which is what the ticket's form shows.
 */
function valuesOf(type: TicketField['type']): SQL {
  switch (type) {
    case 'multiselect':
      return sql`LEFT JOIN LATERAL jsonb_array_elements_text(
        CASE WHEN jsonb_typeof(s.v) = 'array' THEN s.v END
      ) AS x(value) ON true`;
    case 'checkbox':
      return sql`CROSS JOIN LATERAL (SELECT coalesce(s.v #>> '{}', 'false') AS value) AS x`;
    default:
      return sql`CROSS JOIN LATERAL (SELECT s.v #>> '{}' AS value) AS x`;
  }
}

/**
 * GET /api/reports/fields/{key} (issue 38) in one statement: the tickets created in the range's
 * instants (deleted ones left out; a merged ticket counts as the closed ticket it became, its time
 * now on its target, as the other reports count it) are read once by the created_at index, each with
 * the hours tracked on it from the (ticket_id) INCLUDE (hours) index of time_entries alone (migration
 * 0031), then grouped by value, so Node receives one row per value whatever the volume. A month of a
 * million tickets (42,000 of them) took 150 ms this way; a grouped pass over time_entries joined to
 * them took 200 to 500 ms (docs/performance.md). The tickets of the `hidden` groups are left out
 * (issue 39); the time counted is that of the tickets counted.
 */
export function fieldReportStatement(
  field: Pick<TicketField, 'key' | 'type'>,
  w: ReportWindow,
  hidden: readonly string[] = [],
): SQL {
  return sql`
    SELECT x.value, count(*)::int AS tickets,
      count(*) FILTER (WHERE s.status = ANY(${textArray(CLOSED_TICKET_STATUSES)}))::int AS closed,
      round(coalesce(sum(s.hours), 0), 2)::float8 AS hours
    FROM (
      SELECT ${t.status} AS status, ${t.customFields} -> ${field.key}::text AS v,
        (SELECT sum(${te.hours}) FROM ${te} WHERE ${te.ticketId} = ${t.id}) AS hours
      FROM ${t}
      WHERE ${t.createdAt} >= ${w.startAt}::timestamptz AND ${t.createdAt} < ${w.endAt}::timestamptz
        AND ${t.deletedAt} IS NULL
        ${visibleTicket(t.groupId, hidden)}
    ) AS s
    ${valuesOf(field.type)}
    GROUP BY x.value`;
}

export function fieldReportGroups(
  db: DbOrTx,
  field: Pick<TicketField, 'key' | 'type'>,
  w: ReportWindow,
  hidden: readonly string[],
): Promise<FieldGroup[]> {
  return db.transaction(async (tx) => {
    // The planner's estimate of a month's tickets passes jit_above_cost, and compiling the statement
    // took longer (about 100 ms) than running it.
    await tx.execute(sql`SET LOCAL jit = off`);
    const result = await tx.execute<FieldGroup & Record<string, unknown>>(
      fieldReportStatement(field, w, hidden),
    );
    return result.rows;
  });
}
