import { useMutation } from '@tanstack/react-query';
import type { LoginInput } from '@shared/contracts/auth';
import { apiSend } from '@/lib/api-client';
import type { LoginResponse } from './auth-response';

/** POST /api/login: starts a session; a wrong email or password answers 401 with `error`. */
export const login = (input: LoginInput) => apiSend<LoginResponse>('POST', '/api/login', input);

export function useLogin() {
  return useMutation({ mutationFn: login });
}
