import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLL_INTERVALS_MS } from '@shared/constants';
import type { DashboardStats } from '@shared/contracts/dashboard';
import { apiGet, type RequestOptions } from '@/lib/api-client';
import { pollAge } from '@/lib/poll-age';
import { dashboardKeys } from './dashboard-keys';

/** GET /api/dashboard/stats: open, in progress, closed today and the average response time in hours. */
export const getDashboardStats = (options: RequestOptions = {}) =>
  apiGet<DashboardStats>('/api/dashboard/stats', options);

/** Polled every 10 s, also while the tab is hidden (spec §7), so the figures are current on return. */
export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.stats(),
    queryFn: (context) => getDashboardStats({ signal: context.signal, acceptAgeSeconds: pollAge(context) }),
    refetchInterval: POLL_INTERVALS_MS.dashboardStats,
    refetchIntervalInBackground: true,
  });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
