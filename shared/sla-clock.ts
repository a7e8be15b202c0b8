/**
 * How the SPA words a ticket's SLA (issue 24): the list's small clock ("Due in 35m", "Overdue 2h") and
 * the detail's countdowns ("in 2h 10m", "overdue by 45m") and outcomes ("Met", "Missed"). Pure
 * functions of the ticket's `sla` and the current time, so the list and the detail agree and tests
 * need no clock. Durations are cut down to whole units (a due time 1 h 59 min away is "Due in 1h"),
 * so the clock never promises more time than there is.
 */
import { SLA_TARGET_LABELS, type TicketSla } from './contracts/sla';

export type SlaTarget = keyof typeof SLA_TARGET_LABELS;

const MINUTE_MS = 60_000;
const HOUR_MINUTES = 60;
const DAY_MINUTES = 24 * HOUR_MINUTES;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const unit = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The larger unit only: 35 → "35m", 200 → "3h", 3000 → "2d"; under a minute "<1m". */
export function shortDuration(minutes: number): string {
  const whole = Math.floor(Math.abs(minutes));
  if (whole < 1) return '<1m';
  if (whole < HOUR_MINUTES) return `${whole}m`;
  if (whole < DAY_MINUTES) return `${Math.floor(whole / HOUR_MINUTES)}h`;
  return `${Math.floor(whole / DAY_MINUTES)}d`;
}

/** Two units: 45 → "45m", 130 → "2h 10m", 120 → "2h", 1740 → "1d 5h"; under a minute "<1m". */
export function countdownDuration(minutes: number): string {
  const whole = Math.floor(Math.abs(minutes));
  if (whole < 1) return '<1m';
  if (whole < HOUR_MINUTES) return `${whole}m`;
  const [big, small, bigUnit, smallUnit] =
    whole < DAY_MINUTES
      ? [Math.floor(whole / HOUR_MINUTES), whole % HOUR_MINUTES, 'h', 'm']
      : [Math.floor(whole / DAY_MINUTES), Math.floor((whole % DAY_MINUTES) / HOUR_MINUTES), 'd', 'h'];
  return small === 0 ? `${big}${bigUnit}` : `${big}${bigUnit} ${small}${smallUnit}`;
}

/** The same in words, for screen readers: "2 hours 10 minutes", "less than a minute". */
export function spokenDuration(minutes: number): string {
  const whole = Math.floor(Math.abs(minutes));
  if (whole < 1) return 'less than a minute';
  if (whole < HOUR_MINUTES) return unit(whole, 'minute');
  if (whole < DAY_MINUTES) {
    const rest = whole % HOUR_MINUTES;
    const hours = unit(Math.floor(whole / HOUR_MINUTES), 'hour');
    return rest === 0 ? hours : `${hours} ${unit(rest, 'minute')}`;
  }
  const rest = Math.floor((whole % DAY_MINUTES) / HOUR_MINUTES);
  const days = unit(Math.floor(whole / DAY_MINUTES), 'day');
  return rest === 0 ? days : `${days} ${unit(rest, 'hour')}`;
}

/** The due time a ticket is working towards: the earliest one not yet met (none once both are done). */
export function nextSlaDue(sla: TicketSla): { target: SlaTarget; dueAt: string } | null {
  const open: { target: SlaTarget; dueAt: string }[] = [];
  if (sla.firstResponseDueAt && !sla.firstRespondedAt && !sla.resolvedAt) {
    open.push({ target: 'firstResponse', dueAt: sla.firstResponseDueAt });
  }
  if (sla.resolutionDueAt && !sla.resolvedAt) open.push({ target: 'resolution', dueAt: sla.resolutionDueAt });
  open.sort((a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt));
  return open[0] ?? null;
}

export type SlaClockTone = 'ok' | 'warning' | 'breached';

export interface SlaClock {
  /** "Due in 35m", "Overdue 2h", "Missed". */
  text: string;
  /** "First response due in 35 minutes", "SLA breached: resolution due in 3 hours". */
  label: string;
  tone: SlaClockTone;
}

/**
 * The list's clock for a ticket, or null when there is nothing to show (SLA off, no due times, both
 * targets met). A due time that has passed is red even before the next poll says `breached`; a
 * ticket already breached (one target missed for good) stays red while it works towards the other.
 */
export function slaClock(sla: TicketSla, now: Date): SlaClock | null {
  if (sla.state === 'none' || sla.state === 'met') return null;
  const next = nextSlaDue(sla);
  if (!next) {
    // Nothing left to meet: a breached ticket says so; otherwise there is nothing to count down.
    return sla.state === 'breached' ? { text: 'Missed', label: 'SLA target missed', tone: 'breached' } : null;
  }
  const minutes = (Date.parse(next.dueAt) - now.getTime()) / MINUTE_MS;
  const target = SLA_TARGET_LABELS[next.target];
  if (minutes < 0) {
    return {
      text: `Overdue ${shortDuration(minutes)}`,
      label: `${capitalised(target)} overdue by ${spokenDuration(minutes)}`,
      tone: 'breached',
    };
  }
  const due = `${target} due in ${spokenDuration(minutes)}`;
  const tone: SlaClockTone =
    sla.state === 'breached' ? 'breached' : sla.state === 'warning' ? 'warning' : 'ok';
  return {
    text: `Due in ${shortDuration(minutes)}`,
    label: tone === 'breached' ? `SLA breached: ${due}` : capitalised(due),
    tone,
  };
}

/** Where one target stands in the detail. */
export type SlaOutcome =
  /** Done by its due time. */
  | { kind: 'met'; doneAt: string }
  /** Done late (`doneAt`), or not done and its due time passed (`doneAt` null). */
  | { kind: 'missed'; doneAt: string | null }
  /** Not done and not due yet. */
  | { kind: 'pending' }
  /** The ticket was closed before a first reply, while that was not yet due: nothing to meet. */
  | { kind: 'closed' };

/**
 * One target's outcome. The first response is done when the first reply was sent; the resolution when
 * the ticket was closed (a reopened ticket's resolution is pending again).
 */
export function slaOutcome(sla: TicketSla, target: SlaTarget, now: Date): SlaOutcome | null {
  const dueAt = target === 'firstResponse' ? sla.firstResponseDueAt : sla.resolutionDueAt;
  if (!dueAt) return null;
  const due = Date.parse(dueAt);
  const doneAt = target === 'firstResponse' ? sla.firstRespondedAt : sla.resolvedAt;
  if (doneAt) return Date.parse(doneAt) <= due ? { kind: 'met', doneAt } : { kind: 'missed', doneAt };
  if (target === 'firstResponse' && sla.resolvedAt) {
    return Date.parse(sla.resolvedAt) > due ? { kind: 'missed', doneAt: null } : { kind: 'closed' };
  }
  return now.getTime() > due ? { kind: 'missed', doneAt: null } : { kind: 'pending' };
}

/** The detail's countdown to a due time: "in 2h 10m" or "overdue by 45m", and the words for it. */
export function slaCountdown(dueAt: string, now: Date): { text: string; spoken: string; overdue: boolean } {
  const minutes = (Date.parse(dueAt) - now.getTime()) / MINUTE_MS;
  const overdue = minutes < 0;
  return overdue
    ? {
        text: `overdue by ${countdownDuration(minutes)}`,
        spoken: `overdue by ${spokenDuration(minutes)}`,
        overdue,
      }
    : { text: `in ${countdownDuration(minutes)}`, spoken: `in ${spokenDuration(minutes)}`, overdue };
}
