import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveSettingResponse } from '@shared/contracts/settings';
import { apiSend } from '@/lib/api-client';
import { isSessionExpiredError } from '@/components/session-expiry';
import { HARVEST_DEPENDENT_KEYS, settingsKeys } from './settings-keys';

export interface HarvestCredentialsValues {
  accountId: string;
  /** A new token, or the masked value from GET to keep the saved one. */
  accessToken: string;
}

/**
 * POST /api/settings (admins only): the server asks Harvest whether the credentials work before it
 * stores anything, and answers 400 or 503 with the reason when they do not.
 */
export const saveHarvestSettings = (value: HarvestCredentialsValues) =>
  apiSend<SaveSettingResponse>('POST', '/api/settings', { key: 'harvest_credentials', value });

export function useSaveHarvestSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHarvestSettings,
    // After a 401 nothing is refetched: the refetch's own 401 would replace the Unauthorized toast
    // with an immediate redirect. The server matches agents by email once Harvest accepts the
    // credentials, and the users listed are the new token's: both are read again.
    onSettled: async (_data, error) => {
      if (isSessionExpiredError(error)) return;
      await Promise.all(
        [
          settingsKeys.setting('harvest_credentials'),
          settingsKeys.harvestUsers(),
          settingsKeys.harvestMapping(),
          ...HARVEST_DEPENDENT_KEYS,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
