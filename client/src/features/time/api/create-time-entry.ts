import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTimeEntryInput, CreateTimeEntryResponse } from '@shared/contracts/time';
import { apiSend } from '@/lib/api-client';
import { isSessionExpiredError } from '@/components/session-expiry';
import { timeKeys } from './time-keys';

/** POST /api/time-entries (201): stored at once, then pushed to Harvest; `harvestSync` says how that went. */
export const createTimeEntry = (input: CreateTimeEntryInput) =>
  apiSend<CreateTimeEntryResponse>('POST', '/api/time-entries', input);

export function useCreateTimeEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTimeEntry,
    // After a 401 nothing is refetched: the refetch's own 401 would replace the Unauthorized toast
    // with an immediate redirect.
    onSettled: async (_data, error) => {
      if (isSessionExpiredError(error)) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: timeKeys.entriesRoot }),
        queryClient.invalidateQueries({ queryKey: timeKeys.reportsRoot }),
      ]);
    },
  });
}
