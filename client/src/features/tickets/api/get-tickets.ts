import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { POLL_INTERVALS_MS } from '@shared/constants';
import {
  toTicketListQuery,
  type TicketListFilters,
  type TicketListResponse,
} from '@shared/contracts/tickets';
import { apiGet, type RequestOptions } from '@/lib/api-client';
import { pollAge } from '@/lib/poll-age';
import { ticketKeys } from './ticket-keys';

/** GET /api/tickets with the filters as the snake_case query string of spec §7. */
export function getTickets(filters: TicketListFilters, options: RequestOptions = {}) {
  const query = new URLSearchParams(toTicketListQuery(filters)).toString();
  return apiGet<TicketListResponse>(`/api/tickets?${query}`, options);
}

/**
 * Polled every 10 s, also while the tab is hidden, so a returning agent sees fresh tickets at once.
 * The previous page stays on screen while the next one loads, so paging does not flash skeletons.
 */
export const ticketListQueryOptions = (filters: TicketListFilters) =>
  queryOptions({
    queryKey: ticketKeys.list(filters),
    queryFn: (context) => getTickets(filters, { signal: context.signal, acceptAgeSeconds: pollAge(context) }),
    refetchInterval: POLL_INTERVALS_MS.ticketList,
    refetchIntervalInBackground: true,
    placeholderData: keepPreviousData,
  });

export function useTickets(filters: TicketListFilters) {
  return useQuery(ticketListQueryOptions(filters));
}
