import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegistrationSettings } from '@shared/contracts/registration-settings';
import { apiSend } from '@/lib/api-client';
import { isSessionExpiredError } from '@/components/session-expiry';
import type { SaveEmailSettingsResponse } from './save-email-settings';
import { settingsKeys } from './settings-keys';

/** POST /api/settings {key: "registration", value} (admins only). */
export const saveRegistrationSettings = (value: RegistrationSettings) =>
  apiSend<SaveEmailSettingsResponse>('POST', '/api/settings', { key: 'registration', value });

export function useSaveRegistrationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRegistrationSettings,
    onSettled: async (_data, error) => {
      if (isSessionExpiredError(error)) return;
      await queryClient.invalidateQueries({ queryKey: settingsKeys.setting('registration') });
    },
  });
}
