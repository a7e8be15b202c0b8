import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserTicketCountsResponse } from '@shared/contracts/users';
import { apiGet } from '@/lib/api-client';
import { settingsKeys } from './settings-keys';

/** GET /api/team/ticket-counts (admins only): open tickets assigned to each member. */
export const getTeamTicketCounts = (signal?: AbortSignal) =>
  apiGet<UserTicketCountsResponse>('/api/team/ticket-counts', { signal });

export const teamTicketCountsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.teamTicketCounts(),
    queryFn: ({ signal }) => getTeamTicketCounts(signal),
    select: (data) => new Map(data.userTicketCounts.map((count) => [count.userId, count.ticketCount])),
  });

export function useTeamTicketCounts() {
  return useQuery(teamTicketCountsQueryOptions());
}
