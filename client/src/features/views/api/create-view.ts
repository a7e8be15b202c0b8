import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedViewScope } from '@shared/constants';
import type { SavedViewQuery, SavedViewResult } from '@shared/contracts/views';
import { apiSend } from '@/lib/api-client';
import { viewKeys } from './view-keys';

export interface CreateViewInput {
  name: string;
  scope: SavedViewScope;
  query: SavedViewQuery;
}

/** POST /api/views → 201 {view}; a team view is for admins only (403). */
export const createView = (input: CreateViewInput) => apiSend<SavedViewResult>('POST', '/api/views', input);

export function useCreateView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createView,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKeys.all }),
  });
}
