import { useMutation } from '@tanstack/react-query';
import type {
  PasswordResetInput,
  PasswordResetRequestedResponse,
  PasswordResetRequestInput,
} from '@shared/contracts/auth';
import { apiSend } from '@/lib/api-client';

/** POST /api/password-reset: 202 with the same message whether or not the address has an account. */
export const requestPasswordReset = (input: PasswordResetRequestInput) =>
  apiSend<PasswordResetRequestedResponse>('POST', '/api/password-reset', input);

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** POST /api/password-reset/{token}: sets the password and ends every session; 404 for a used or expired link. */
export const resetPassword = ({ token, input }: { token: string; input: PasswordResetInput }) =>
  apiSend<{ success: true; message: string }>(
    'POST',
    `/api/password-reset/${encodeURIComponent(token)}`,
    input,
  );

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
