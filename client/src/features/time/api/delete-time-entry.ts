import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteTimeEntryResponse } from '@shared/contracts/time';
import { apiSend } from '@/lib/api-client';
import { isSessionExpiredError } from '@/components/session-expiry';
import { timeKeys } from './time-keys';

/**
 * DELETE /api/time-entries/{id}: gone here at once; `harvest` says whether Harvest's copy went too,
 * is removed by the background sync, or never existed. 409 when Harvest has locked the entry.
 */
export const deleteTimeEntry = (id: string) =>
  apiSend<DeleteTimeEntryResponse>('DELETE', `/api/time-entries/${encodeURIComponent(id)}`);

export function useDeleteTimeEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTimeEntry,
    // Refetched after a failure too: a 404 means the entry was deleted elsewhere. After a 401 nothing
    // is refetched: the refetch's own 401 would replace the Unauthorized toast with an immediate redirect.
    onSettled: async (_data, error) => {
      if (isSessionExpiredError(error)) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: timeKeys.entriesRoot }),
        queryClient.invalidateQueries({ queryKey: timeKeys.reportsRoot }),
      ]);
    },
  });
}
