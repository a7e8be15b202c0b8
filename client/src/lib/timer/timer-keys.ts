/**
 * The running timer's cache entry, shared by the header chip and the Close Ticket card. Tabs tell each
 * other about a start or stop on a BroadcastChannel, so the others refetch at once instead of at their
 * next poll or focus.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TimerResponse } from '@shared/contracts/timers';

export const TIMER_URL = '/api/timer';
export const timerKey = [TIMER_URL] as const;

const CHANNEL = 'helpdesk-timer';
const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL);

/** Sets this tab's timer and tells the other tabs to read it again. */
export function timerChanged(queryClient: QueryClient, data: TimerResponse): void {
  queryClient.setQueryData(timerKey, data);
  channel?.postMessage('changed');
}

/** Refetches the timer when another tab started or stopped one; returns the unsubscribe. */
export function listenToOtherTabs(queryClient: QueryClient): () => void {
  if (!channel) return () => undefined;
  const listener = () => void queryClient.invalidateQueries({ queryKey: timerKey });
  channel.addEventListener('message', listener);
  return () => channel.removeEventListener('message', listener);
}
