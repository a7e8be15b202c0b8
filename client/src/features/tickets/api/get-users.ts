import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsersResponse } from '@shared/contracts/users';
import { apiGet } from '@/lib/api-client';
import { ticketKeys } from './ticket-keys';

/** GET /api/users: every user, for the assignee filter, the bulk Assign To and the create dialog. */
export const getUsers = (signal?: AbortSignal) => apiGet<UsersResponse>('/api/users', { signal });

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: ticketKeys.users(),
    queryFn: ({ signal }) => getUsers(signal),
  });

export function useUsers() {
  return useQuery({ ...usersQueryOptions(), select: (data) => data.users });
}
