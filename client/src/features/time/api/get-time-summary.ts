import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TimeEntrySummary } from '@shared/contracts/time';
import { apiGet } from '@/lib/api-client';
import { timeKeys } from './time-keys';

/**
 * GET /api/time-entries/summary?today=: Today, This Week (from the most recent Sunday) and Total
 * Entries. `today` is the browser's local date, so the cards follow the user's calendar, not the server's.
 */
export const getTimeSummary = (today: string, signal?: AbortSignal) =>
  apiGet<TimeEntrySummary>(`/api/time-entries/summary?today=${encodeURIComponent(today)}`, { signal });

export const timeSummaryQueryOptions = (today: string) =>
  queryOptions({
    queryKey: timeKeys.summary(today),
    queryFn: ({ signal }) => getTimeSummary(today, signal),
  });

export function useTimeSummary(today: string) {
  return useQuery(timeSummaryQueryOptions(today));
}
