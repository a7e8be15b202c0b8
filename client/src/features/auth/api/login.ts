import { useMutation } from '@tanstack/react-query';
import type { LoginInput } from '@shared/contracts/auth';
import { apiSend } from '@/lib/api-client';
import type { AuthResponse } from './auth-response';

/** POST /api/login: starts a session; a wrong email or password answers 401 with `error`. */
export const login = (input: LoginInput) => apiSend<AuthResponse>('POST', '/api/login', input);

export function useLogin() {
  return useMutation({ mutationFn: login });
}
