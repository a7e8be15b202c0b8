import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { viewKeys } from './view-keys';

/** DELETE /api/views/{id} → 204; the tickets it showed stay as they are. */
export const deleteView = (id: string) => apiSend<void>('DELETE', `/api/views/${encodeURIComponent(id)}`);

export function useDeleteView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteView,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKeys.all }),
  });
}
