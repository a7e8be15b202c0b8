/**
 * A ticket's SLA state (issue 24), in one place both ways: `slaStateOf` for a row in hand (every ticket
 * read) and `slaStateCondition` for the list's `sla` filter, so the two cannot drift apart (a test runs
 * both on the same rows). The state depends on the time: "now" is passed in, as a value or a
 * placeholder, never read from the clock here.
 *
 * - none: SLA is off, or the ticket has no due time.
 * - breached: a target was missed (met false), or the next pending due time has passed.
 * - warning: not breached, and the next pending due time is within `warnBeforeMinutes` (wall time).
 * - met: both targets met.
 * - ok: everything else.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SlaFilterState, SlaState, TicketSla } from '@shared/contracts/sla';
import { tickets } from '@shared/schema';

/** The columns the state is read from. */
export interface SlaStateColumns {
  slaFirstResponseDueAt: Date | null;
  slaResolutionDueAt: Date | null;
  slaNextDueAt: Date | null;
  slaFirstResponseMet: boolean | null;
  slaResolutionMet: boolean | null;
}

/** What a read needs of the settings, once per request. */
export interface SlaReadContext {
  enabled: boolean;
  warnBeforeMinutes: number;
  now: Date;
}

const MINUTE_MS = 60_000;

/** The end of the warning window: a pending due time before it is `warning` (or `breached`). */
export const warnUntil = (context: SlaReadContext) =>
  new Date(context.now.getTime() + context.warnBeforeMinutes * MINUTE_MS);

export function slaStateOf(columns: SlaStateColumns, context: SlaReadContext): SlaState {
  if (!context.enabled) return 'none';
  if (!columns.slaFirstResponseDueAt && !columns.slaResolutionDueAt) return 'none';
  const next = columns.slaNextDueAt;
  if (columns.slaFirstResponseMet === false || columns.slaResolutionMet === false) return 'breached';
  if (next && next < context.now) return 'breached';
  if (next && next < warnUntil(context)) return 'warning';
  if (columns.slaFirstResponseMet === true && columns.slaResolutionMet === true) return 'met';
  return 'ok';
}

/** `now` and the warning window's end as SQL values: literal parameters or placeholders. */
export interface SlaMoments {
  now: SQL | Placeholder | Date | string;
  warnUntil: SQL | Placeholder | Date | string;
}

const asTime = (value: SlaMoments['now']): SQL =>
  value instanceof Date ? sql`${value.toISOString()}::timestamptz` : sql`${value}::timestamptz`;

/**
 * The condition for tickets in any of `states`, over `tickets` (SLA on; while it is off the filter
 * matches nothing and the caller does not ask). Breached reads `sla_next_due_at`, which the dueAt sort's
 * index starts with, so the pending part is a range of that index.
 */
export function slaStateCondition(states: readonly SlaFilterState[], moments: SlaMoments): SQL {
  const t = tickets;
  const now = asTime(moments.now);
  const until = asTime(moments.warnUntil);
  const missed = sql`(${t.slaFirstResponseMet} = false OR ${t.slaResolutionMet} = false)`;
  const notMissed = sql`(${t.slaFirstResponseMet} IS DISTINCT FROM false AND ${t.slaResolutionMet} IS DISTINCT FROM false)`;
  const byState: Record<SlaFilterState, SQL> = {
    breached: sql`(${missed} OR ${t.slaNextDueAt} < ${now})`,
    warning: sql`(${t.slaNextDueAt} >= ${now} AND ${t.slaNextDueAt} < ${until} AND ${notMissed})`,
    ok: sql`((${t.slaFirstResponseDueAt} IS NOT NULL OR ${t.slaResolutionDueAt} IS NOT NULL) AND ${notMissed}
      AND (${t.slaNextDueAt} IS NULL OR ${t.slaNextDueAt} >= ${until})
      AND NOT (${t.slaFirstResponseMet} IS TRUE AND ${t.slaResolutionMet} IS TRUE))`,
  };
  const chosen = [...new Set(states)].sort().map((state) => byState[state]);
  return chosen.length === 1 ? chosen[0]! : sql`(${sql.join(chosen, sql` OR `)})`;
}

/** The `sla` of a ticket read (list rows and the detail). While SLA is off only `resolvedAt` is told. */
export function toTicketSla(
  row: SlaStateColumns & { slaFirstRespondedAt: Date | null; closedAt: Date | null },
  closed: boolean,
  context: SlaReadContext,
): TicketSla {
  const on = context.enabled;
  const iso = (date: Date | null) => (on && date ? date.toISOString() : null);
  return {
    firstResponseDueAt: iso(row.slaFirstResponseDueAt),
    firstRespondedAt: iso(row.slaFirstRespondedAt),
    resolutionDueAt: iso(row.slaResolutionDueAt),
    resolvedAt: closed && row.closedAt ? row.closedAt.toISOString() : null,
    state: slaStateOf(row, context),
  };
}
