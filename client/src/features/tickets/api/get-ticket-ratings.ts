import { useQuery } from '@tanstack/react-query';
import type { TicketRating } from '@shared/contracts/portal';
import { apiGet } from '@/lib/api-client';
import { ticketUrl } from './get-ticket';
import { ticketKeys } from './ticket-keys';

/** GET /api/tickets/:id/ratings (issue 41): the requester's ratings of each close, newest first. */
export const getTicketRatings = (id: string, signal?: AbortSignal) =>
  apiGet<{ ratings: TicketRating[] }>(`${ticketUrl(id)}/ratings`, { signal });

/**
 * Below the ticket's key, so any change to the ticket (a close asks for a rating) reads them again.
 * Never retried (the app's default): a 404 or a failure shows no rating, nothing else.
 */
export function useTicketRatings(id: string) {
  return useQuery({
    queryKey: [...ticketKeys.detail(id), 'ratings'] as const,
    queryFn: ({ signal }) => getTicketRatings(id, signal),
    select: (data) => data.ratings,
  });
}
