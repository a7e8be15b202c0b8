import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailTestResponse } from '@shared/contracts/email-settings';
import { apiSend } from '@/lib/api-client';
import { isSessionExpiredError } from '@/components/session-expiry';
import { settingsKeys } from './settings-keys';

/**
 * POST /api/settings/email/imap/test (admins only): signs in to a saved mailbox (the first unless
 * `mailboxId` names another) and opens its folder. The server answers 503 with the reason when that
 * does not work; `success: false` would carry it in `message`.
 */
export const testImapConnection = (mailboxId?: string) =>
  apiSend<EmailTestResponse>(
    'POST',
    '/api/settings/email/imap/test',
    mailboxId === undefined ? undefined : { mailboxId },
  );

export function useTestImapConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testImapConnection,
    // The card's mailbox status is read with the setting: show it as the server now has it.
    onSettled: async (_data, error) => {
      if (isSessionExpiredError(error)) return;
      await queryClient.invalidateQueries({ queryKey: settingsKeys.email() });
    },
  });
}
