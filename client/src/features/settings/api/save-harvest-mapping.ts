import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HarvestMappingInput, HarvestMappingResponse } from '@shared/contracts/harvest-users';
import { apiSend } from '@/lib/api-client';
import { isSessionExpiredError } from '@/components/session-expiry';
import { settingsKeys } from './settings-keys';

export interface SaveHarvestMappingVariables extends HarvestMappingInput {
  userId: string;
}

/**
 * PUT /api/users/:id/harvest-user (admins only): null clears it, so the agent's hours go under the
 * token owner. A Harvest user already matched to another agent is a 409 naming that agent.
 */
export const saveHarvestMapping = ({ userId, harvestUserId }: SaveHarvestMappingVariables) =>
  apiSend<HarvestMappingResponse>('PUT', `/api/users/${encodeURIComponent(userId)}/harvest-user`, {
    harvestUserId,
  });

export function useSaveHarvestMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHarvestMapping,
    // Refetched after a refusal too: a 409 means another admin changed the mapping meanwhile. After a
    // 401 nothing is refetched: the refetch's own 401 would replace the Unauthorized toast with an
    // immediate redirect.
    onSettled: async (_data, error) => {
      if (isSessionExpiredError(error)) return;
      await queryClient.invalidateQueries({ queryKey: settingsKeys.harvestMapping() });
    },
  });
}
