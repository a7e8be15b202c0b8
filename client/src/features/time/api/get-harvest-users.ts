import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HarvestUsersResponse } from '@shared/contracts/harvest-users';
import { apiGet } from '@/lib/api-client';
import { timeKeys } from './time-keys';

/** GET /api/harvest/users (admins only): the Harvest account's users, for the names of their ids. */
export const getHarvestUsers = (signal?: AbortSignal) =>
  apiGet<HarvestUsersResponse>('/api/harvest/users', { signal });

export const harvestUsersQueryOptions = () =>
  queryOptions({
    queryKey: timeKeys.harvestUsers(),
    queryFn: ({ signal }) => getHarvestUsers(signal),
  });

/** `enabled`: agents are refused the list, so only an admin asks for it. */
export function useHarvestUsers({ enabled }: { enabled: boolean }) {
  return useQuery({ ...harvestUsersQueryOptions(), enabled });
}
