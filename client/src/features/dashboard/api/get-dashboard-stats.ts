import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLL_INTERVALS_MS } from '@shared/constants';
import type { DashboardStats } from '@shared/contracts/dashboard';
import { apiGet } from '@/lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** GET /api/dashboard/stats: open, in progress, closed today and the average response time in hours. */
export const getDashboardStats = (signal?: AbortSignal) =>
  apiGet<DashboardStats>('/api/dashboard/stats', { signal });

/** Polled every 10 s, also while the tab is hidden (spec §7), so the figures are current on return. */
export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.stats(),
    queryFn: ({ signal }) => getDashboardStats(signal),
    refetchInterval: POLL_INTERVALS_MS.dashboardStats,
    refetchIntervalInBackground: true,
  });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
