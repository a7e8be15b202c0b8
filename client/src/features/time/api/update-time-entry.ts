import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateTimeEntryInput, UpdateTimeEntryResponse } from '@shared/contracts/time';
import { apiSend } from '@/lib/api-client';
import { isSessionExpiredError } from '@/components/session-expiry';
import { timeKeys } from './time-keys';

export interface UpdateTimeEntryVariables {
  id: string;
  /** Only the fields that changed; the server keeps the others as they are. */
  changes: UpdateTimeEntryInput;
}

/**
 * PUT /api/time-entries/{id}: saved here at once, then sent to Harvest (PATCH); `harvestSync` says how
 * that went. 409 when Harvest has locked the entry, 404 when it is gone or not the reader's.
 */
export const updateTimeEntry = ({ id, changes }: UpdateTimeEntryVariables) =>
  apiSend<UpdateTimeEntryResponse>('PUT', `/api/time-entries/${encodeURIComponent(id)}`, changes);

export function useUpdateTimeEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTimeEntry,
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
