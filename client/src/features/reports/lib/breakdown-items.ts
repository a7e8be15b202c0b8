import { TICKET_PRIORITY_META, TICKET_STATUS_META, type BadgeColour } from '@shared/constants';
import type { TicketsReport } from '@shared/contracts/reports';
import { formatPercentage } from './format';

/** One bar of a breakdown: what it counts, how many, its share and its colour. */
export interface BreakdownItem {
  key: string;
  label: string;
  count: number;
  percentage: number;
  colour: BadgeColour;
  /** "3 (37.5%)": written on the bar and in the list, so the figure never rests on colour. */
  valueLabel: string;
}

const item = (
  key: string,
  meta: { label: string; colour: BadgeColour },
  count: number,
  percentage: number,
) => ({
  key,
  label: meta.label,
  count,
  percentage,
  colour: meta.colour,
  valueLabel: `${count} (${formatPercentage(percentage)})`,
});

export const statusItems = (tickets: TicketsReport): BreakdownItem[] =>
  tickets.statusBreakdown.map((s) => item(s.status, TICKET_STATUS_META[s.status], s.count, s.percentage));

/** Priorities in the server's order (high, medium, low), red, yellow and green (spec §2). */
export const priorityItems = (tickets: TicketsReport): BreakdownItem[] =>
  tickets.priorityBreakdown.map((p) =>
    item(p.priority, TICKET_PRIORITY_META[p.priority], p.count, p.percentage),
  );
