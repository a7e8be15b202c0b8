import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailSettingsResponse } from '@shared/contracts/email-settings';
import { apiGet } from '@/lib/api-client';
import { ticketKeys } from './ticket-keys';

/** GET /api/settings/email, which any signed-in user may read: is there an SMTP server to reply through? */
export const getEmailSettings = (signal?: AbortSignal) =>
  apiGet<EmailSettingsResponse>('/api/settings/email', { signal });

export const emailStatusQueryOptions = () =>
  queryOptions({
    queryKey: ticketKeys.emailSettings(),
    queryFn: ({ signal }) => getEmailSettings(signal),
    // An administrator may have set it up since the last ticket was opened.
    refetchOnMount: 'always',
  });

/** True or false once known; the Reply card shows its form only when email is configured. */
export function useEmailConfigured() {
  return useQuery({ ...emailStatusQueryOptions(), select: (data) => data.configured });
}
