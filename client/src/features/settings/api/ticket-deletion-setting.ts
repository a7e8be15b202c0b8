import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TicketDeletionSetting } from '@shared/contracts/settings';
import { apiGet, apiSend } from '@/lib/api-client';
import { settingsKeys } from './settings-keys';

/** GET /api/settings/ticket_deletion (issue 26); the tickets feature reads the same entry. */
export function useTicketDeletionSetting() {
  return useQuery({
    queryKey: settingsKeys.setting('ticket_deletion'),
    queryFn: ({ signal }) => apiGet<TicketDeletionSetting>('/api/settings/ticket_deletion', { signal }),
  });
}

/** POST /api/settings {key: "ticket_deletion", value} (admins). */
export function useSaveTicketDeletionSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: TicketDeletionSetting) =>
      apiSend<TicketDeletionSetting>('POST', '/api/settings', { key: 'ticket_deletion', value }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.setting('ticket_deletion'), saved),
  });
}
