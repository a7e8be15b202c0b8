import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MatchHarvestUsersResponse } from '@shared/contracts/harvest-users';
import { apiSend } from '@/lib/api-client';
import { isSessionExpiredError } from '@/components/session-expiry';
import { settingsKeys } from './settings-keys';

/**
 * POST /api/harvest/users/match (admins only): the server reads Harvest's users afresh and matches
 * every agent whose email is a Harvest user's; `matched` counts the mappings it set or changed.
 */
export const matchHarvestUsers = () => apiSend<MatchHarvestUsersResponse>('POST', '/api/harvest/users/match');

export function useMatchHarvestUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: matchHarvestUsers,
    // The users list too: a match that works after a refused list (a new token's rights, say) means
    // the list can now be read.
    onSettled: async (_data, error) => {
      if (isSessionExpiredError(error)) return;
      await Promise.all(
        [settingsKeys.harvestMapping(), settingsKeys.harvestUsers()].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
