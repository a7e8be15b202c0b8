import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AuthSuccess,
  LoginTotpInput,
  TotpEnableResponse,
  TotpSetupResponse,
  TotpStatusResponse,
} from '@shared/contracts/auth';
import { apiGet, apiSend } from '@/lib/api-client';
import { authKeys } from './auth-keys';

/** GET /api/auth/totp */
export const getTotpStatus = (signal?: AbortSignal) =>
  apiGet<TotpStatusResponse>('/api/auth/totp', { signal });

/** The two-step gate's read; also asked for ahead of the signed-in code on a reload (app/first-screen.ts). */
export const totpStatusQueryOptions = () =>
  queryOptions({ queryKey: authKeys.totp(), queryFn: ({ signal }) => getTotpStatus(signal) });

export function useTotpStatus() {
  return useQuery(totpStatusQueryOptions());
}

/** POST /api/login/totp: the second step of a sign-in. */
export const loginWithCode = (input: LoginTotpInput) =>
  apiSend<AuthSuccess>('POST', '/api/login/totp', input);

export function useLoginWithCode() {
  return useMutation({ mutationFn: loginWithCode });
}

function useTotpMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: authKeys.totp() });
    },
  });
}

/** POST /api/auth/totp/setup: a new secret and its otpauth:// URL (for the QR code). */
export const useSetupTotp = () =>
  useMutation({ mutationFn: () => apiSend<TotpSetupResponse>('POST', '/api/auth/totp/setup') });
/** POST /api/auth/totp/enable: the ten recovery codes, shown once. */
export const useEnableTotp = () =>
  useTotpMutation((code: string) => apiSend<TotpEnableResponse>('POST', '/api/auth/totp/enable', { code }));
/** POST /api/auth/totp/disable */
export const useDisableTotp = () =>
  useTotpMutation((password: string) =>
    apiSend<{ success: true }>('POST', '/api/auth/totp/disable', { password }),
  );
