import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HarvestMappingsResponse } from '@shared/contracts/harvest-users';
import { apiGet } from '@/lib/api-client';
import { settingsKeys } from './settings-keys';

/** GET /api/harvest/mapping: every agent's Harvest user, and whose name unmapped agents' hours go under. */
export const getHarvestMapping = (signal?: AbortSignal) =>
  apiGet<HarvestMappingsResponse>('/api/harvest/mapping', { signal });

export const harvestMappingQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.harvestMapping(),
    queryFn: ({ signal }) => getHarvestMapping(signal),
  });

export function useHarvestMapping({ enabled }: { enabled: boolean }) {
  return useQuery({ ...harvestMappingQueryOptions(), enabled });
}
