import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RevokeOtherSessionsResponse } from '@shared/contracts/auth';
import { apiSend } from '@/lib/api-client';
import { isSessionExpiredError } from '@/components/session-expiry';
import { settingsKeys } from './settings-keys';

/** DELETE /api/auth/sessions/:id: that browser is signed out at once. */
export const revokeSession = (id: string) =>
  apiSend<void>('DELETE', `/api/auth/sessions/${encodeURIComponent(id)}`);

/** POST /api/auth/sessions/revoke-others: every browser but this one is signed out. */
export const revokeOtherSessions = () =>
  apiSend<RevokeOtherSessionsResponse>('POST', '/api/auth/sessions/revoke-others');

function useSessionsMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async (_data, error) => {
      if (isSessionExpiredError(error)) return;
      await queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() });
    },
  });
}

export const useRevokeSession = () => useSessionsMutation(revokeSession);
export const useRevokeOtherSessions = () => useSessionsMutation(revokeOtherSessions);
