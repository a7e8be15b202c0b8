import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsersResponse } from '@shared/contracts/users';
import { apiGet } from '@/lib/api-client';
import { equipmentKeys } from './equipment-keys';

/** GET /api/users: the active users, for the Assigned To select. */
export const getUsers = (signal?: AbortSignal) => apiGet<UsersResponse>('/api/users', { signal });

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: equipmentKeys.users(),
    queryFn: ({ signal }) => getUsers(signal),
  });

export function useUsers() {
  return useQuery({ ...usersQueryOptions(), select: (data) => data.users });
}

/**
 * GET /api/users?include=deactivated: every account, deactivated ones too, so the Created By and
 * Assigned To of a loan keep naming someone who has left.
 */
export const getAllUsers = (signal?: AbortSignal) =>
  apiGet<UsersResponse>('/api/users?include=deactivated', { signal });

export function useAllUsers() {
  return useQuery({
    queryKey: equipmentKeys.allUsers(),
    queryFn: ({ signal }) => getAllUsers(signal),
    select: (data) => data.users,
  });
}
