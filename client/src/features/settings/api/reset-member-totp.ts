import { useMutation } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';

/** DELETE /api/team/:id/totp (admins only): the member signs in with the password alone until set up again. */
export const resetMemberTotp = (memberId: string) =>
  apiSend<void>('DELETE', `/api/team/${encodeURIComponent(memberId)}/totp`);

export function useResetMemberTotp() {
  return useMutation({ mutationFn: resetMemberTotp });
}
