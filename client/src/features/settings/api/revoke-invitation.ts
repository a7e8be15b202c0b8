import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { isSessionExpiredError } from '@/components/session-expiry';
import { settingsKeys } from './settings-keys';

/** DELETE /api/team/invitations/:id (admins only): the link stops working at once. */
export const revokeInvitation = (id: string) =>
  apiSend<void>('DELETE', `/api/team/invitations/${encodeURIComponent(id)}`);

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSettled: async (_data, error) => {
      if (isSessionExpiredError(error)) return;
      await queryClient.invalidateQueries({ queryKey: settingsKeys.team() });
    },
  });
}
