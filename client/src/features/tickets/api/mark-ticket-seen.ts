import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiSend } from '@/lib/api-client';
import { ticketUrl } from './get-ticket';
import { ticketKeys } from './ticket-keys';

/** POST /api/tickets/:id/seen: the caller has read the ticket's replies so far (issue 26). */
export const markTicketSeen = (id: string) => apiSend<void>('POST', `${ticketUrl(id)}/seen`);

/**
 * Marks the ticket read for this agent while it is open: when it opens, and again whenever a new
 * reply arrives in it (its lastMessageAt moves), then refreshes the lists so its row's "New reply"
 * goes. A failure is left alone: the row stays marked, which is the safe side.
 */
export function useMarkTicketSeen(id: string, lastMessageAt: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    markTicketSeen(id).then(
      () => queryClient.invalidateQueries({ queryKey: ticketKeys.lists() }),
      () => undefined,
    );
  }, [id, lastMessageAt, queryClient]);
}
