import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketResponse } from '@shared/contracts/tickets';
import { apiGet } from '@/lib/api-client';
import { ticketKeys } from './ticket-keys';

export const ticketUrl = (id: string) => `/api/tickets/${encodeURIComponent(id)}`;

/** GET /api/tickets/:id (404 when the ticket does not exist). */
export const getTicket = (id: string, signal?: AbortSignal) =>
  apiGet<TicketResponse>(ticketUrl(id), { signal });

export const ticketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ticketKeys.detail(id),
    queryFn: ({ signal }) => getTicket(id, signal),
    // Cached reads never go stale (spec §9), but a detail opened again must show the ticket as it is
    // now: the update check only reports changes made after the detail opened.
    refetchOnMount: 'always',
  });

export function useTicket(id: string) {
  return useQuery({ ...ticketQueryOptions(id), select: (data) => data.ticket });
}
