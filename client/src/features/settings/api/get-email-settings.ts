import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailSettingsResponse } from '@shared/contracts/email-settings';
import { apiGet } from '@/lib/api-client';
import { settingsKeys } from './settings-keys';

/** GET /api/settings/email: the SMTP server and sender, the password masked, and the last delivery check. */
export const getEmailSettings = (signal?: AbortSignal) =>
  apiGet<EmailSettingsResponse>('/api/settings/email', { signal });

export const emailSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.email(),
    queryFn: ({ signal }) => getEmailSettings(signal),
    // The last check changes with every reply sent: show it as it is now when the page opens.
    refetchOnMount: 'always',
  });

export function useEmailSettings() {
  return useQuery(emailSettingsQueryOptions());
}
