import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLL_INTERVALS_MS } from '@shared/constants';
import type { UserTicketCountsResponse } from '@shared/contracts/users';
import { apiGet, type RequestOptions } from '@/lib/api-client';
import { pollAge } from '@/lib/poll-age';
import { dashboardKeys } from './dashboard-keys';

/** GET /api/users/ticket-counts: each user's active (open or in progress) assigned tickets. */
export const getTicketCounts = (options: RequestOptions = {}) =>
  apiGet<UserTicketCountsResponse>('/api/users/ticket-counts', options);

/** Polled every 10 s (spec §7). */
export const ticketCountsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.ticketCounts(),
    queryFn: (context) => getTicketCounts({ signal: context.signal, acceptAgeSeconds: pollAge(context) }),
    refetchInterval: POLL_INTERVALS_MS.ticketCounts,
  });

/** The counts by user id; a user missing from the answer has none. */
export function useTicketCounts() {
  return useQuery({
    ...ticketCountsQueryOptions(),
    select: (data) => new Map(data.userTicketCounts.map((entry) => [entry.userId, entry.ticketCount])),
  });
}
