import { z } from 'zod';

/** GET /api/dashboard/stats. The definitions of each figure are in docs/decisions/017-dashboard-figures.md. */
export const dashboardStatsSchema = z.object({
  open: z.number().int().nonnegative(),
  inProgress: z.number().int().nonnegative(),
  closedToday: z.number().int().nonnegative(),
  /** Hours, rounded to one decimal; 0 when no ticket qualifies. */
  avgResponseTime: z.number().nonnegative(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
