import { useQuery } from '@tanstack/react-query';
import { POLL_INTERVALS_MS } from '@shared/constants';
import type { TicketListResponse } from '@shared/contracts/tickets';
import type { SavedViewQuery } from '@shared/contracts/views';
import { apiGet, type RequestOptions } from '@/lib/api-client';
import { pollAge } from '@/lib/poll-age';
import { viewKeys } from './view-keys';

/**
 * A view's count: the list's own total for the view's query (`GET /api/tickets?{query}&limit=1`), so
 * it is counted exactly as the list counts it, and the server's poll cache (keyed by URL) answers every
 * agent polling the same team view within the second from one query.
 */
export const getViewCount = (query: SavedViewQuery, options: RequestOptions = {}) =>
  apiGet<TicketListResponse>(
    `/api/tickets?${new URLSearchParams({ ...query, limit: '1' }).toString()}`,
    options,
  );

/** Polled like the list (every 10 s, also while the tab is hidden). */
export function useViewCount(query: SavedViewQuery) {
  return useQuery({
    queryKey: viewKeys.count(query),
    queryFn: (context) => getViewCount(query, { signal: context.signal, acceptAgeSeconds: pollAge(context) }),
    refetchInterval: POLL_INTERVALS_MS.ticketList,
    refetchIntervalInBackground: true,
    select: (data) => ({ total: data.total, capped: data.totalCapped === true }),
  });
}
