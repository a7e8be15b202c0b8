import { useMutation } from '@tanstack/react-query';
import type { PasswordResetLinkResponse } from '@shared/contracts/auth';
import { apiSend } from '@/lib/api-client';

/** POST /api/team/:id/password-reset (admins only): a single-use reset link for a member, shown once. */
export const makeResetLink = (memberId: string) =>
  apiSend<PasswordResetLinkResponse>('POST', `/api/team/${encodeURIComponent(memberId)}/password-reset`);

export function useMakeResetLink() {
  return useMutation({ mutationFn: makeResetLink });
}
