import type { DashboardStats } from '@shared/contracts/dashboard';
import type { Database } from '../../db/client';
import { ticketFigures } from './dashboard.repository';

/** How far back the average response time looks. */
export const RESPONSE_TIME_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

/** Midnight at the start of `now`'s day in the server's time zone. */
export function startOfDay(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** The four dashboard figures; their definitions are recorded in docs/decisions/017-dashboard-figures.md. */
export async function dashboardStats(db: Database, now = new Date()): Promise<DashboardStats> {
  const figures = await ticketFigures(db, {
    closedSince: startOfDay(now),
    createdSince: new Date(now.getTime() - RESPONSE_TIME_WINDOW_DAYS * DAY_MS),
  });
  return {
    open: figures.open,
    inProgress: figures.inProgress,
    closedToday: figures.closedSince,
    avgResponseTime: figures.meanHoursToAssignment === null ? 0 : oneDecimal(figures.meanHoursToAssignment),
  };
}
