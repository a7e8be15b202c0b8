import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@shared/contracts/auth';
import { apiSend } from '@/lib/api-client';

export interface ChangePasswordResponse {
  success: true;
  message: string;
}

/**
 * POST /api/auth/change-password: a wrong current password is a 400 with the reason; the server ends
 * the user's other sessions, this one stays signed in.
 */
export const changePassword = (input: ChangePasswordInput) =>
  apiSend<ChangePasswordResponse>('POST', '/api/auth/change-password', input);

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
