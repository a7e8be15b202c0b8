import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TimerResponse } from '@shared/contracts/timers';
import { apiSend } from '@/lib/api-client';
import { timerChanged } from './timer-keys';

/**
 * POST /api/tickets/:id/timer: starts the caller's timer on the ticket (201), stopping the one on any
 * other ticket; 404 unknown ticket, 409 closed ticket.
 */
export const startTimer = (ticketId: string) =>
  apiSend<TimerResponse>('POST', `/api/tickets/${encodeURIComponent(ticketId)}/timer`);

export function useStartTimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTimer,
    onSuccess: (data) => timerChanged(queryClient, data),
  });
}
