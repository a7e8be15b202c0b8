import type { SlaReport } from '@shared/contracts/sla';
import { formatPercentage } from './format';

type SlaCounts = SlaReport['firstResponse'];

/**
 * The share of tickets whose target was met, of those decided (met or breached): a ticket still
 * within its time has neither kept nor broken the promise yet. "—" while none is decided.
 */
export function metShare({ met, breached }: SlaCounts): string {
  const decided = met + breached;
  return decided === 0 ? '—' : formatPercentage((met / decided) * 100);
}

/** "2 met, 1 breached, 3 pending". */
export const countsLine = ({ met, breached, pending }: SlaCounts) =>
  `${met} met, ${breached} breached, ${pending} pending`;

/** Business minutes as hours and minutes: 95 → "1h 35m", 120 → "2h", 42.5 → "43m"; null → "—". */
export function formatBusinessMinutes(minutes: number | null): string {
  if (minutes === null) return '—';
  const whole = Math.round(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}

/** Whether the range has any ticket with a due time. */
export const hasSlaTickets = (report: SlaReport) => report.byPriority.some((row) => row.tickets > 0);

/** An agent's row name: "First Last", either alone, "Unassigned" for tickets without an assignee. */
export function agentName(row: SlaReport['byAgent'][number]): string {
  if (row.userId === null) return 'Unassigned';
  const name = [row.firstName, row.lastName].filter((part) => part && part.trim()).join(' ');
  return name || 'Unnamed user';
}
