import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedViewQuery, SavedViewResult } from '@shared/contracts/views';
import { apiSend } from '@/lib/api-client';
import { viewKeys } from './view-keys';

export interface UpdateViewInput {
  id: string;
  name?: string;
  query?: SavedViewQuery;
  position?: number;
}

/** PUT /api/views/{id} → {view}: the name, query or position of a view the caller may change. */
export const updateView = ({ id, ...fields }: UpdateViewInput) =>
  apiSend<SavedViewResult>('PUT', `/api/views/${encodeURIComponent(id)}`, fields);

export function useUpdateView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateView,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKeys.all }),
  });
}
