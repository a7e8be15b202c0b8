import { useMutation } from '@tanstack/react-query';
import type { RegisterInput } from '@shared/contracts/auth';
import { apiSend } from '@/lib/api-client';
import type { AuthResponse } from './auth-response';

/**
 * POST /api/setup/{token}: the setup link of a fresh install creates the first admin and signs them
 * in (201). A link already used, or not a link at all, answers 404.
 */
export const setupAdmin = ({ token, input }: { token: string; input: RegisterInput }) =>
  apiSend<AuthResponse>('POST', `/api/setup/${encodeURIComponent(token)}`, input);

export function useSetupAdmin() {
  return useMutation({ mutationFn: setupAdmin });
}
