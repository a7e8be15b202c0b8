import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailTestResponse } from '@shared/contracts/email-settings';
import { apiSend } from '@/lib/api-client';
import { isSessionExpiredError } from '@/components/session-expiry';
import { settingsKeys } from './settings-keys';

/**
 * POST /api/settings/email/test (admins only): sends a test email through the saved settings to the
 * admin's own address. `success: false` carries the SMTP server's reason in `message`.
 */
export const sendTestEmail = () => apiSend<EmailTestResponse>('POST', '/api/settings/email/test');

export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestEmail,
    // The test is the newest delivery check: the card shows its outcome.
    onSettled: async (_data, error) => {
      if (isSessionExpiredError(error)) return;
      await queryClient.invalidateQueries({ queryKey: settingsKeys.email() });
    },
  });
}
