/**
 * A ticket's SLA columns from its facts (issue 24), pure: no database, no clock but the one passed in.
 * refreshTicketSla (ticket-sla-refresh.ts) loads the facts and writes what this answers.
 *
 * - The first response is due `firstResponseMinutes` business minutes after creation. It is met by a
 *   reply to the requester by then; a ticket closed before any reply owed none, so its first closing
 *   decides instead (in time: met, recorded so; late: missed). Whichever of the first reply and the
 *   first closing came first decides, so a met target never turns into a missed one later.
 * - The resolution is due `resolutionMinutes` business minutes after creation plus the business time
 *   the ticket spent closed (the clock stops at close and continues on reopening). Met while closed
 *   when it was closed by then; undecided while open.
 * - A priority change is a recomputation from creation with the other targets: nothing to do here.
 */
import type { SlaPolicies } from '@shared/contracts/sla';
import { addBusinessMinutes, businessMinutesBetween, type BusinessCalendar } from './business-time';

export interface TicketSlaClosure {
  closedAt: Date;
  /** Null for the closing the ticket is still in. */
  reopenedAt: Date | null;
}

export interface TicketSlaFacts {
  createdAt: Date;
  priority: string;
  /** When the ticket was closed, while it is closed; null while open. */
  closedAt: Date | null;
  /** The first reply to the requester (queued counts; notes do not), or null. */
  firstRespondedAt: Date | null;
  /** Every closing so far, oldest first (from the ticket's history). */
  closures: readonly TicketSlaClosure[];
}

/** The `tickets.sla_*` columns. */
export interface TicketSlaColumns {
  slaFirstResponseDueAt: Date | null;
  slaFirstRespondedAt: Date | null;
  slaResolutionDueAt: Date | null;
  slaNextDueAt: Date | null;
  slaAlertAt: Date | null;
  slaFirstResponseMet: boolean | null;
  slaResolutionMet: boolean | null;
  slaFirstResponseMinutes: number | null;
}

export type SlaTarget = 'firstResponse' | 'resolution';
export type SlaAlertKind = 'sla_warning' | 'sla_breach';

/** A moment the alert job acts on: a warning before a due time, or its breach. */
export interface SlaAlertEvent {
  at: Date;
  kind: SlaAlertKind;
  target: SlaTarget;
  dueAt: Date;
}

export const EMPTY_SLA_COLUMNS: TicketSlaColumns = {
  slaFirstResponseDueAt: null,
  slaFirstRespondedAt: null,
  slaResolutionDueAt: null,
  slaNextDueAt: null,
  slaAlertAt: null,
  slaFirstResponseMet: null,
  slaResolutionMet: null,
  slaFirstResponseMinutes: null,
};

const MINUTE_MS = 60_000;
const minDate = (dates: readonly (Date | null)[]): Date | null =>
  dates.reduce<Date | null>((min, date) => (date && (!min || date < min) ? date : min), null);

/** The due times still pending (the alert job's and next_due's), by target. */
export function pendingDues(columns: TicketSlaColumns, open: boolean): { target: SlaTarget; dueAt: Date }[] {
  if (!open) return [];
  const dues: { target: SlaTarget; dueAt: Date }[] = [];
  if (columns.slaFirstResponseMet === null && columns.slaFirstResponseDueAt) {
    dues.push({ target: 'firstResponse', dueAt: columns.slaFirstResponseDueAt });
  }
  if (columns.slaResolutionMet === null && columns.slaResolutionDueAt) {
    dues.push({ target: 'resolution', dueAt: columns.slaResolutionDueAt });
  }
  return dues;
}

/**
 * The warning (`warnBeforeMinutes` of wall time before it) and the breach of each pending due time,
 * earliest first.
 */
export function alertEvents(
  dues: readonly { target: SlaTarget; dueAt: Date }[],
  warnBeforeMinutes: number,
): SlaAlertEvent[] {
  return dues
    .flatMap(({ target, dueAt }) => [
      {
        at: new Date(dueAt.getTime() - warnBeforeMinutes * MINUTE_MS),
        kind: 'sla_warning' as const,
        target,
        dueAt,
      },
      { at: dueAt, kind: 'sla_breach' as const, target, dueAt },
    ])
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

export interface ComputeOptions {
  /**
   * Only alerts after this moment are scheduled (the mass recompute: turning SLA on must not flood the
   * bell with old tickets' warnings). Unset: every alert, past ones too, so a change that makes a
   * ticket overdue at once (a priority raised) alerts at the job's next look.
   */
  alertsAfter?: Date;
}

/** The columns for one ticket; all null without a policy for its priority. */
export function computeTicketSla(
  facts: TicketSlaFacts,
  calendar: BusinessCalendar,
  policies: SlaPolicies,
  options: ComputeOptions = {},
): TicketSlaColumns {
  const policy = (policies.policies as Record<string, SlaPolicies['policies']['high'] | undefined>)[
    facts.priority
  ];
  if (!policy) return EMPTY_SLA_COLUMNS;
  const open = facts.closedAt === null;

  const firstResponseDueAt = addBusinessMinutes(calendar, facts.createdAt, policy.firstResponseMinutes);
  const firstClosedAt = facts.closures[0]?.closedAt ?? facts.closedAt;
  // Whichever came first of the first reply and the first closing decides the first response.
  const decidedAt = minDate([facts.firstRespondedAt, firstClosedAt]);
  const firstResponseMet = decidedAt && firstResponseDueAt ? decidedAt <= firstResponseDueAt : null;

  const pausedMinutes = facts.closures.reduce(
    (sum, closure) =>
      closure.reopenedAt ? sum + businessMinutesBetween(calendar, closure.closedAt, closure.reopenedAt) : sum,
    0,
  );
  const resolutionDueAt = addBusinessMinutes(
    calendar,
    facts.createdAt,
    policy.resolutionMinutes + pausedMinutes,
  );
  const resolutionMet = !open && resolutionDueAt ? facts.closedAt! <= resolutionDueAt : null;

  const columns: TicketSlaColumns = {
    slaFirstResponseDueAt: firstResponseDueAt,
    slaFirstRespondedAt: facts.firstRespondedAt,
    slaResolutionDueAt: resolutionDueAt,
    slaNextDueAt: null,
    slaAlertAt: null,
    slaFirstResponseMet: firstResponseMet,
    slaResolutionMet: resolutionMet,
    slaFirstResponseMinutes: facts.firstRespondedAt
      ? businessMinutesBetween(calendar, facts.createdAt, facts.firstRespondedAt)
      : null,
  };
  const dues = pendingDues(columns, open);
  columns.slaNextDueAt = minDate(dues.map((due) => due.dueAt));
  const after = options.alertsAfter;
  const events = alertEvents(dues, policies.warnBeforeMinutes).filter((event) => !after || event.at > after);
  columns.slaAlertAt = events[0]?.at ?? null;
  return columns;
}
