import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TimerResponse } from '@shared/contracts/timers';
import { apiGet } from '@/lib/api-client';
import { listenToOtherTabs, TIMER_URL, timerKey } from './timer-keys';

/** How often a tab asks whether the timer was started or stopped elsewhere (another browser). */
export const TIMER_POLL_MS = 30_000;

/** GET /api/timer: the caller's running timer, or null; `elapsedSeconds` by the server's clock. */
export const getTimer = (signal?: AbortSignal) => apiGet<TimerResponse>(TIMER_URL, { signal });

/**
 * The running timer, polled every 30 s and read again when the window gets focus, so every tab
 * agrees. `receivedAt` (the answer's arrival, by this browser's clock) lets the display tick on from
 * the server's elapsed seconds without trusting this browser's clock against the server's.
 */
export function useRunningTimer() {
  const queryClient = useQueryClient();
  useEffect(() => listenToOtherTabs(queryClient), [queryClient]);
  const query = useQuery({
    queryKey: timerKey,
    queryFn: ({ signal }) => getTimer(signal),
    staleTime: 0,
    refetchInterval: TIMER_POLL_MS,
    refetchOnWindowFocus: 'always',
  });
  return { timer: query.data?.timer ?? null, receivedAt: query.dataUpdatedAt, error: query.error };
}
