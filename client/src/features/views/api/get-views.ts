import { useQuery } from '@tanstack/react-query';
import type { SavedViewsResponse } from '@shared/contracts/views';
import { apiGet } from '@/lib/api-client';
import { viewKeys } from './view-keys';

/** GET /api/views: the caller's personal views and every team view, by position, then name. */
export const getViews = (signal?: AbortSignal) => apiGet<SavedViewsResponse>('/api/views', { signal });

export function useSavedViews() {
  return useQuery({
    queryKey: viewKeys.all,
    queryFn: ({ signal }) => getViews(signal),
    select: (data) => data.views,
  });
}
