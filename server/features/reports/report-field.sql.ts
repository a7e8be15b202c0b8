import { sql, type SQL } from 'drizzle-orm';
import { CLOSED_TICKET_STATUSES } from '@shared/constants';
import type { TicketField } from '@shared/contracts/ticket-fields';
import { tickets, timeEntries } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
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
 * Each ticket's value(s) as text, from `scoped.v` (the field's JSON value, SQL NULL when unset). A
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
 * now on its target, as the other reports count it) are read once by the created_at index; the hours
 * tracked on them are summed per ticket in one grouped pass over time_entries by its ticket_id index,
 * then both are grouped by value, so Node receives one row per value whatever the volume.
 */
export function fieldReportStatement(field: Pick<TicketField, 'key' | 'type'>, w: ReportWindow): SQL {
  return sql`
    WITH scoped AS MATERIALIZED (
      SELECT ${t.id} AS id, ${t.status} AS status, ${t.customFields} -> ${field.key}::text AS v
      FROM ${t}
      WHERE ${t.createdAt} >= ${w.startAt}::timestamptz AND ${t.createdAt} < ${w.endAt}::timestamptz
        AND ${t.deletedAt} IS NULL
    ),
    spent AS (
      SELECT ${te.ticketId} AS ticket_id, sum(${te.hours}) AS hours
      FROM ${te}
      WHERE ${te.ticketId} IN (SELECT id FROM scoped)
      GROUP BY ${te.ticketId}
    )
    SELECT x.value, count(*)::int AS tickets,
      count(*) FILTER (WHERE s.status = ANY(${textArray(CLOSED_TICKET_STATUSES)}))::int AS closed,
      round(coalesce(sum(spent.hours), 0), 2)::float8 AS hours
    FROM scoped AS s
    LEFT JOIN spent ON spent.ticket_id = s.id
    ${valuesOf(field.type)}
    GROUP BY x.value`;
}

export async function fieldReportGroups(
  db: DbOrTx,
  field: Pick<TicketField, 'key' | 'type'>,
  w: ReportWindow,
): Promise<FieldGroup[]> {
  const result = await db.execute<FieldGroup & Record<string, unknown>>(fieldReportStatement(field, w));
  return result.rows;
}
