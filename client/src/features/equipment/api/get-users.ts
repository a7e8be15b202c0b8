import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsersResponse } from '@shared/contracts/users';
import { apiGet } from '@/lib/api-client';
import { equipmentKeys } from './equipment-keys';

/** GET /api/users: every user, for the Assigned To select and the Created By / Assigned To names. */
export const getUsers = (signal?: AbortSignal) => apiGet<UsersResponse>('/api/users', { signal });

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: equipmentKeys.users(),
    queryFn: ({ signal }) => getUsers(signal),
  });

export function useUsers() {
  return useQuery({ ...usersQueryOptions(), select: (data) => data.users });
}
