import { useQuery } from '@tanstack/react-query';
import type { TicketActivityResponse } from '@shared/contracts/tickets';
import { apiGet } from '@/lib/api-client';
import { ticketUrl } from './get-ticket';
import { ticketKeys } from './ticket-keys';

/** GET /api/tickets/:id/activity: the ticket's history, oldest first. */
export const getTicketActivity = (id: string, signal?: AbortSignal) =>
  apiGet<TicketActivityResponse>(`${ticketUrl(id)}/activity`, { signal });

/**
 * Read when the ticket is, and again whenever it changes: the key sits below the ticket's, so the
 * invalidation after any change (the agent's own, or one the update check reports) refreshes it.
 */
export function useTicketActivity(id: string) {
  return useQuery({
    queryKey: ticketKeys.activity(id),
    queryFn: ({ signal }) => getTicketActivity(id, signal),
    refetchOnMount: 'always',
    select: (data) => data.events,
  });
}
