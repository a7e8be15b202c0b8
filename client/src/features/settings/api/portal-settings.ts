import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PortalSettings, PortalSettingsResponse } from '@shared/contracts/portal';
import { apiGet, apiSend } from '@/lib/api-client';
import { isSessionExpiredError } from '@/components/session-expiry';
import type { SaveEmailSettingsResponse } from './save-email-settings';
import { settingsKeys } from './settings-keys';

/** GET /api/settings/portal (issue 41): whether requesters have a portal, who opens tickets there, ratings. */
export function usePortalSettings() {
  return useQuery({
    queryKey: settingsKeys.setting('portal'),
    queryFn: ({ signal }) => apiGet<PortalSettingsResponse>('/api/settings/portal', { signal }),
  });
}

/** POST /api/settings {key: "portal", value} (admins only). */
export function useSavePortalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: PortalSettings) =>
      apiSend<SaveEmailSettingsResponse>('POST', '/api/settings', { key: 'portal', value }),
    onSettled: async (_data, error) => {
      if (isSessionExpiredError(error)) return;
      await queryClient.invalidateQueries({ queryKey: settingsKeys.setting('portal') });
    },
  });
}
