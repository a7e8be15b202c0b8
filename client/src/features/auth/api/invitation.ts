import { useMutation, useQuery } from '@tanstack/react-query';
import type { AcceptInvitationInput, InvitationLookupResponse } from '@shared/contracts/team';
import { apiGet, apiSend } from '@/lib/api-client';
import type { AuthResponse } from './auth-response';

const invitationPath = (token: string) => `/api/invitations/${encodeURIComponent(token)}`;

/** GET /api/invitations/{token} (no session): the invited address and role; 404 when the link is not valid. */
export const getInvitation = (token: string, signal?: AbortSignal) =>
  apiGet<InvitationLookupResponse>(invitationPath(token), { signal });

export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['/api/invitations', token],
    queryFn: ({ signal }) => getInvitation(token, signal),
    retry: false,
    // The link is used up once accepted: never shown from a stale cache.
    gcTime: 0,
  });
}

/** POST /api/invitations/{token}/accept: creates the invited account and signs it in (201). */
export const acceptInvitation = ({ token, input }: { token: string; input: AcceptInvitationInput }) =>
  apiSend<AuthResponse>('POST', `${invitationPath(token)}/accept`, input);

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
