import { queryOptions, useQuery } from '@tanstack/react-query';
import { RECENT_TIME_ENTRIES_SHOWN } from '@shared/constants';
import type { TimeEntriesResponse } from '@shared/contracts/time';
import { apiGet } from '@/lib/api-client';
import { timeKeys } from './time-keys';

/**
 * While an entry waits for Harvest, the background job may push it at any moment; reading the list
 * again this often lets its badge turn to "Synced" without a reload. Nothing is polled otherwise.
 */
export const PENDING_SYNC_POLL_MS = 5_000;

/** GET /api/time-entries?limit=: the signed-in user's newest entries, newest first. */
export const getTimeEntries = (limit: number, signal?: AbortSignal) =>
  apiGet<TimeEntriesResponse>(`/api/time-entries?limit=${limit}`, { signal });

const hasPendingEntry = (data: TimeEntriesResponse | undefined) =>
  data?.timeEntries.some((entry) => entry.syncStatus === 'pending') ?? false;

export const timeEntriesQueryOptions = (limit: number = RECENT_TIME_ENTRIES_SHOWN) =>
  queryOptions({
    queryKey: timeKeys.entries(limit),
    queryFn: ({ signal }) => getTimeEntries(limit, signal),
    refetchInterval: (query) => (hasPendingEntry(query.state.data) ? PENDING_SYNC_POLL_MS : false),
  });

export function useTimeEntries(limit?: number) {
  return useQuery({ ...timeEntriesQueryOptions(limit), select: (data) => data.timeEntries });
}
