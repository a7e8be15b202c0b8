import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HarvestProjectsResponse } from '@shared/contracts/harvest';
import { apiGet } from '@/lib/api-client';
import { timeKeys } from './time-keys';

/** GET /api/harvest/projects: Harvest's projects, or the default list marked `source: 'fallback'`. */
export const getHarvestProjects = (signal?: AbortSignal) =>
  apiGet<HarvestProjectsResponse>('/api/harvest/projects', { signal });

export const harvestProjectsQueryOptions = () =>
  queryOptions({
    queryKey: timeKeys.harvestProjects(),
    queryFn: ({ signal }) => getHarvestProjects(signal),
  });

export function useHarvestProjects() {
  return useQuery(harvestProjectsQueryOptions());
}
