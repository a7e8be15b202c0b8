import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HarvestUsersResponse } from '@shared/contracts/harvest-users';
import { apiGet } from '@/lib/api-client';
import { settingsKeys } from './settings-keys';

/**
 * GET /api/harvest/users (admins only): the Harvest account's users. Any failure (503 when Harvest
 * cannot be reached, a refusal when the token may not list users) carries the server's reason.
 */
export const getHarvestUsers = (signal?: AbortSignal) =>
  apiGet<HarvestUsersResponse>('/api/harvest/users', { signal });

export const harvestUsersQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.harvestUsers(),
    queryFn: ({ signal }) => getHarvestUsers(signal),
  });

/** `enabled`: only once credentials are saved, else the server could only answer 503. */
export function useHarvestUsers({ enabled }: { enabled: boolean }) {
  return useQuery({ ...harvestUsersQueryOptions(), enabled });
}
