import type { DashboardStats } from '@shared/contracts/dashboard';
import type { Database } from '../../db/client';
import { ticketFigures } from './dashboard.repository';

/** Midnight at the start of `now`'s day in the server's time zone. */
export function startOfDay(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * The four dashboard figures; their definitions are recorded in docs/decisions/017-dashboard-figures.md,
 * Avg Response Time's in 122-avg-response-time.md: today's answered tickets' mean hours to first reply.
 * Each counts what the caller may see: `hiddenGroupIds`' tickets are left out (issue 39).
 */
export async function dashboardStats(
  db: Database,
  now = new Date(),
  hiddenGroupIds: readonly string[] = [],
): Promise<DashboardStats> {
  const today = startOfDay(now);
  const figures = await ticketFigures(db, { closedSince: today, answeredSince: today }, hiddenGroupIds);
  return {
    open: figures.open,
    inProgress: figures.inProgress,
    closedToday: figures.closedSince,
    avgResponseTime:
      figures.meanHoursToFirstResponse === null ? 0 : oneDecimal(figures.meanHoursToFirstResponse),
  };
}
