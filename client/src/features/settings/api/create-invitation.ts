import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateInvitationInput, InvitationCreatedResponse } from '@shared/contracts/team';
import { apiSend } from '@/lib/api-client';
import { isSessionExpiredError } from '@/components/session-expiry';
import { settingsKeys } from './settings-keys';

/**
 * POST /api/team/invitations (admins only): the answer's `url` is the only copy of the link; the
 * server also emails it when email is configured.
 */
export const createInvitation = (input: CreateInvitationInput) =>
  apiSend<InvitationCreatedResponse>('POST', '/api/team/invitations', input);

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSettled: async (_data, error) => {
      if (isSessionExpiredError(error)) return;
      await queryClient.invalidateQueries({ queryKey: settingsKeys.team() });
    },
  });
}
