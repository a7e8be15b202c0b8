import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StopTimerResponse, StoppedTimer } from '@shared/contracts/timers';
import { apiSend } from '@/lib/api-client';
import { TIMER_URL, timerChanged } from './timer-keys';

/**
 * DELETE /api/timer: stops the caller's timer; `stopped.hours` is the time rounded up to 0.25 h.
 * `{stopped: null}` when none was running (stopped in another tab meanwhile).
 */
export const stopTimer = () => apiSend<StopTimerResponse>('DELETE', TIMER_URL);

type StoppedListener = (stopped: StoppedTimer) => void;
const stoppedListeners = new Set<StoppedListener>();

/**
 * Called with every timer this tab stops, wherever it was stopped (the header or the card), so an open
 * Close Ticket card of that ticket can take the hours. Returns the unsubscribe.
 */
export function onTimerStopped(listener: StoppedListener): () => void {
  stoppedListeners.add(listener);
  return () => stoppedListeners.delete(listener);
}

export function useStopTimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopTimer,
    onSuccess: ({ stopped }) => {
      timerChanged(queryClient, { timer: null });
      if (stopped) for (const listener of stoppedListeners) listener(stopped);
    },
  });
}
