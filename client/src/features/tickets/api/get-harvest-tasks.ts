import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { HarvestTasksResponse } from '@shared/contracts/harvest';
import { apiGet } from '@/lib/api-client';
import { harvestKeys } from './harvest-keys';

/** GET /api/harvest/projects/:id/tasks: the project's tasks, sorted by name. */
export const getHarvestTasks = (projectId: number, signal?: AbortSignal) =>
  apiGet<HarvestTasksResponse>(`/api/harvest/projects/${projectId}/tasks`, { signal });

/** Nothing is asked until a project is chosen. */
export const harvestTasksQueryOptions = (projectId: number | null) =>
  queryOptions({
    queryKey: harvestKeys.tasks(projectId ?? 0),
    queryFn: projectId === null ? skipToken : ({ signal }) => getHarvestTasks(projectId, signal),
  });

export function useHarvestTasks(projectId: number | null) {
  return useQuery(harvestTasksQueryOptions(projectId));
}
