import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiTokensResponse,
  CreateApiTokenResponse,
  TeamApiTokensResponse,
  createApiTokenSchema,
} from '@shared/contracts/api-tokens';
import type { z } from 'zod';
import { apiGet, apiSend } from '@/lib/api-client';
import { settingsKeys } from './settings-keys';

export type CreateApiTokenBody = z.input<typeof createApiTokenSchema>;

/** GET /api/auth/tokens: the signed-in user's own tokens, newest first. */
export function useApiTokens() {
  return useQuery({
    queryKey: settingsKeys.apiTokens(),
    queryFn: ({ signal }) => apiGet<ApiTokensResponse>('/api/auth/tokens', { signal }),
    select: (data) => data.tokens,
  });
}

/** GET /api/team/tokens (admins): everyone's tokens with their owners. */
export function useTeamApiTokens() {
  return useQuery({
    queryKey: settingsKeys.teamApiTokens(),
    queryFn: ({ signal }) => apiGet<TeamApiTokensResponse>('/api/team/tokens', { signal }),
    select: (data) => data.tokens,
  });
}

/** A token change is seen in both lists (an admin's own tokens are in the team's too). */
function useTokenMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKeys.apiTokens() }),
        queryClient.invalidateQueries({ queryKey: settingsKeys.teamApiTokens() }),
      ]),
  });
}

/** POST /api/auth/tokens: the answer holds the secret, once. */
export const useCreateApiToken = () =>
  useTokenMutation((body: CreateApiTokenBody) =>
    apiSend<CreateApiTokenResponse>('POST', '/api/auth/tokens', body),
  );

/** DELETE /api/auth/tokens/:id, or (`team`) /api/team/tokens/:id for an admin revoking anyone's. */
export const useRevokeApiToken = (team = false) =>
  useTokenMutation((id: string) =>
    apiSend<void>('DELETE', `/api/${team ? 'team' : 'auth'}/tokens/${encodeURIComponent(id)}`),
  );
