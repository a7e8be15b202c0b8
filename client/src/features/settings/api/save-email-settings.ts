import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailSettingsInput } from '@shared/contracts/email-settings';
import { apiSend } from '@/lib/api-client';
import { isSessionExpiredError } from '@/components/session-expiry';
import { settingsKeys } from './settings-keys';

export interface SaveEmailSettingsResponse {
  success: true;
  message: string;
}

/**
 * POST /api/settings {key: "email", value} (admins only). The password is the new one, the masked
 * value from GET to keep the saved one, or empty when the server takes mail without signing in.
 */
export const saveEmailSettings = (value: EmailSettingsInput) =>
  apiSend<SaveEmailSettingsResponse>('POST', '/api/settings', { key: 'email', value });

export function useSaveEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailSettings,
    // After a 401 nothing is refetched: the refetch's own 401 would replace the Unauthorized toast
    // with an immediate redirect.
    onSettled: async (_data, error) => {
      if (isSessionExpiredError(error)) return;
      await queryClient.invalidateQueries({ queryKey: settingsKeys.email() });
    },
  });
}
