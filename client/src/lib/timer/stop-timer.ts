import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StopTimerResponse } from '@shared/contracts/timers';
import { apiSend } from '@/lib/api-client';
import { TIMER_URL, timerChanged } from './timer-keys';

/**
 * DELETE /api/timer: stops the caller's timer; `stopped.hours` is the time rounded up to 0.25 h.
 * `{stopped: null}` when none was running (stopped in another tab meanwhile).
 */
export const stopTimer = () => apiSend<StopTimerResponse>('DELETE', TIMER_URL);

/** The stop request alone: the UI stops through its review (components/timer-review), which hands the hours on. */
export function useStopTimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopTimer,
    onSuccess: () => timerChanged(queryClient, { timer: null }),
  });
}
