import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LOAN_SETTINGS_KEY,
  type LoanSettings,
  type LoanSettingsResponse,
} from '@shared/contracts/loan-settings';
import { apiGet, apiSend } from '@/lib/api-client';
import { isSessionExpiredError } from '@/components/session-expiry';
import type { SaveEmailSettingsResponse } from './save-email-settings';
import { settingsKeys } from './settings-keys';

/** GET /api/settings/loans (issue 42): whether an overdue loan reopens its ticket and reminds the requester. */
export function useLoanSettings() {
  return useQuery({
    queryKey: settingsKeys.setting(LOAN_SETTINGS_KEY),
    queryFn: ({ signal }) => apiGet<LoanSettingsResponse>(`/api/settings/${LOAN_SETTINGS_KEY}`, { signal }),
  });
}

/** POST /api/settings {key: "loans", value} (admins only). */
export function useSaveLoanSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: LoanSettings) =>
      apiSend<SaveEmailSettingsResponse>('POST', '/api/settings', { key: LOAN_SETTINGS_KEY, value }),
    onSettled: async (_data, error) => {
      if (isSessionExpiredError(error)) return;
      await queryClient.invalidateQueries({ queryKey: settingsKeys.setting(LOAN_SETTINGS_KEY) });
    },
  });
}
