import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLL_INTERVALS_MS } from '@shared/constants';
import type { UsersResponse } from '@shared/contracts/users';
import { apiGet, type RequestOptions } from '@/lib/api-client';
import { pollAge } from '@/lib/poll-age';
import { dashboardKeys } from './dashboard-keys';

/** GET /api/users: the team listed in Team Status. */
export const getTeamUsers = (options: RequestOptions = {}) => apiGet<UsersResponse>('/api/users', options);

/** Polled every 30 s on the dashboard (spec §7): new colleagues appear without a reload. */
export const teamUsersQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.users(),
    queryFn: (context) => getTeamUsers({ signal: context.signal, acceptAgeSeconds: pollAge(context) }),
    refetchInterval: POLL_INTERVALS_MS.dashboardUsers,
  });

export function useTeamUsers() {
  return useQuery({ ...teamUsersQueryOptions(), select: (data) => data.users });
}
