/**
 * Keeps the tickets' SLA columns (issue 24): `refreshTicketSla` is called in the transaction of every
 * change that moves them (a ticket created, its status or priority changed, a reply queued, a merge),
 * after the change, so the columns are exact when it commits. It loads the facts of all the tickets
 * in one query (closings and reopenings from the ticket's history, the first reply from its
 * conversation), reads the settings once, and writes the changed rows in one UPDATE.
 *
 * A leaf module: features call it; it reads only the settings and the tables.
 */
import { sql } from 'drizzle-orm';
import { CLOSED_TICKET_STATUSES } from '@shared/constants';
import { ticketEvents, ticketMessages, tickets } from '@shared/schema';
import { ticketsWhere, type TicketChange } from '../ticket-changes/ticket-change';
import type { DbOrTx } from '../../db/client';
import { getBusinessHours, getSlaPolicies } from './sla-settings';
import {
  computeTicketSla,
  type ComputeOptions,
  type TicketSlaClosure,
  type TicketSlaColumns,
  type TicketSlaFacts,
} from './ticket-sla';

interface FactsRow extends Record<string, unknown> {
  id: string;
  priority: string;
  status: string;
  created_at: number;
  closed_at: number | null;
  first_responded_at: number | null;
  /** [kind, epoch ms] of the closed and reopened events, oldest first. */
  closings: [string, number][] | null;
}

const epochMs = (column: unknown) => sql`(extract(epoch from ${column}) * 1000)::float8`;

/** The facts of the tickets among `ids` (all of them, deleted ones too), in one query. */
async function loadFacts(db: DbOrTx, ids: readonly string[]): Promise<(TicketSlaFacts & { id: string })[]> {
  const result = await db.execute<FactsRow>(sql`
    SELECT t.id, t.priority, t.status,
      ${epochMs(sql`t.created_at`)} AS created_at,
      ${epochMs(sql`t.closed_at`)} AS closed_at,
      (SELECT ${epochMs(sql`min(m.created_at)`)} FROM ${ticketMessages} m
        WHERE m.ticket_id = t.id AND m.direction = 'outbound') AS first_responded_at,
      (SELECT json_agg(json_build_array(e.kind, ${epochMs(sql`e.created_at`)}) ORDER BY e.created_at, e.kind)
        FROM ${ticketEvents} e
        WHERE e.ticket_id = t.id AND e.kind IN ('closed', 'reopened')) AS closings
    FROM ${tickets} t
    WHERE t.id = ANY(${sql.param([...ids])}::uuid[])`);
  return result.rows.map((row) => {
    const closed = (CLOSED_TICKET_STATUSES as readonly string[]).includes(row.status);
    const closedAt = closed ? new Date(Number(row.closed_at ?? row.created_at)) : null;
    return {
      id: row.id,
      priority: row.priority,
      createdAt: new Date(Number(row.created_at)),
      closedAt,
      firstRespondedAt: row.first_responded_at === null ? null : new Date(Number(row.first_responded_at)),
      closures: closuresOf(row.closings ?? [], closedAt),
    };
  });
}

/**
 * The closings from the history's closed/reopened events, made consistent with the ticket as it is
 * (tickets from before the history have no reopenings; a closed ticket's current closing is its
 * closed_at).
 */
export function closuresOf(events: readonly [string, number][], closedAt: Date | null): TicketSlaClosure[] {
  const closures: TicketSlaClosure[] = [];
  for (const [kind, at] of events) {
    const last = closures.at(-1);
    if (kind === 'closed' && (!last || last.reopenedAt))
      closures.push({ closedAt: new Date(at), reopenedAt: null });
    if (kind === 'reopened' && last && !last.reopenedAt) last.reopenedAt = new Date(at);
  }
  const last = closures.at(-1);
  if (closedAt) {
    if (!last || last.reopenedAt) closures.push({ closedAt, reopenedAt: null });
    else last.closedAt = closedAt;
  } else if (last && !last.reopenedAt) {
    // Open again without a reopening recorded: the closing paused nothing we can measure.
    last.reopenedAt = last.closedAt;
  }
  return closures;
}

const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** Writes the columns of the tickets whose values changed, in one statement. */
async function writeColumns(db: DbOrTx, rows: readonly { id: string; columns: TicketSlaColumns }[]) {
  if (rows.length === 0) return 0;
  const column = <T>(pick: (columns: TicketSlaColumns) => T) => rows.map((row) => pick(row.columns));
  const result = await db.execute(sql`
    UPDATE ${tickets} AS t SET
      sla_first_response_due_at = v.fr_due,
      sla_first_responded_at = v.fr_at,
      sla_resolution_due_at = v.res_due,
      sla_next_due_at = v.next_due,
      sla_alert_at = v.alert_at,
      sla_first_response_met = v.fr_met,
      sla_resolution_met = v.res_met,
      sla_first_response_minutes = v.fr_minutes
    FROM unnest(
      ${sql.param(rows.map((row) => row.id))}::uuid[],
      ${sql.param(column((c) => isoOrNull(c.slaFirstResponseDueAt)))}::timestamptz[],
      ${sql.param(column((c) => isoOrNull(c.slaFirstRespondedAt)))}::timestamptz[],
      ${sql.param(column((c) => isoOrNull(c.slaResolutionDueAt)))}::timestamptz[],
      ${sql.param(column((c) => isoOrNull(c.slaNextDueAt)))}::timestamptz[],
      ${sql.param(column((c) => isoOrNull(c.slaAlertAt)))}::timestamptz[],
      ${sql.param(column((c) => c.slaFirstResponseMet))}::boolean[],
      ${sql.param(column((c) => c.slaResolutionMet))}::boolean[],
      ${sql.param(column((c) => c.slaFirstResponseMinutes))}::integer[]
    ) AS v(id, fr_due, fr_at, res_due, next_due, alert_at, fr_met, res_met, fr_minutes)
    WHERE t.id = v.id
      AND (t.sla_first_response_due_at, t.sla_first_responded_at, t.sla_resolution_due_at, t.sla_next_due_at,
           t.sla_alert_at, t.sla_first_response_met, t.sla_resolution_met, t.sla_first_response_minutes)
        IS DISTINCT FROM
          (v.fr_due, v.fr_at, v.res_due, v.next_due, v.alert_at, v.fr_met, v.res_met, v.fr_minutes)`);
  return result.rowCount ?? 0;
}

/**
 * Recomputes the SLA columns of the tickets among `ids` in the caller's transaction; answers how many
 * rows changed. While SLA is off nothing is written: tickets keep what they have (every read says
 * `none` meanwhile) and get their due times when it is turned on (the recompute job).
 */
export async function refreshTicketSla(
  db: DbOrTx,
  ids: readonly string[],
  options: ComputeOptions = {},
): Promise<number> {
  if (ids.length === 0) return 0;
  const policies = (await getSlaPolicies(db)).value;
  if (!policies.enabled) return 0;
  const calendar = (await getBusinessHours(db)).value;
  const facts = await loadFacts(db, [...new Set(ids)]);
  return writeColumns(
    db,
    facts.map((ticket) => ({
      id: ticket.id,
      columns: computeTicketSla(ticket, calendar, policies, options),
    })),
  );
}

/**
 * The ticket-change subscriber (server/ticket-change-subscribers.ts): the tickets whose due times the
 * change moves (created, status, priority or closing time changed, a reply queued, a merge) are
 * refreshed in its transaction. This is the one call for ticket changes; the recompute job calls
 * refreshTicketSla itself when the settings change.
 */
export async function refreshSlaOfChange(tx: DbOrTx, change: TicketChange): Promise<void> {
  await refreshTicketSla(
    tx,
    ticketsWhere(
      change,
      (entry) =>
        entry.created ||
        entry.status ||
        entry.priority ||
        entry.closedAt ||
        entry.replySent ||
        entry.mergedInto ||
        entry.mergedFrom,
    ),
  );
}
