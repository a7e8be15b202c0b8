import { useMutation } from '@tanstack/react-query';
import type { RegisterInput } from '@shared/contracts/auth';
import { apiSend } from '@/lib/api-client';
import type { AuthResponse } from './auth-response';

/** POST /api/register: creates the account without signing in; the user then logs in. */
export const register = (input: RegisterInput) => apiSend<AuthResponse>('POST', '/api/register', input);

export function useRegister() {
  return useMutation({ mutationFn: register });
}
