import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateTeamMemberInput, UpdateTeamMemberResponse } from '@shared/contracts/team';
import { apiSend } from '@/lib/api-client';
import { isSessionExpiredError } from '@/components/session-expiry';
import { settingsKeys, TEAM_DEPENDENT_KEYS } from './settings-keys';

export type UpdateTeamMemberVariables = UpdateTeamMemberInput & { id: string };

/**
 * PUT /api/team/:id (admins only): a role or an active flag. The last active admin cannot be demoted
 * or deactivated (409 saying why).
 */
export const updateTeamMember = ({ id, ...changes }: UpdateTeamMemberVariables) =>
  apiSend<UpdateTeamMemberResponse>('PUT', `/api/team/${encodeURIComponent(id)}`, changes);

export function useUpdateTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeamMember,
    // Refetched after a refusal too (another admin may have changed the team); not after a 401.
    onSettled: async (_data, error) => {
      if (isSessionExpiredError(error)) return;
      await Promise.all(
        [settingsKeys.team(), ...TEAM_DEPENDENT_KEYS].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
