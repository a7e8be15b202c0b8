import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  GROUP_MOVE_TO_NONE,
  type CreateGroupInput,
  type GroupResponse,
  type UpdateGroupInput,
} from '@shared/contracts/groups';
import { apiSend } from '@/lib/api-client';
import { GROUPS_KEY } from '@/lib/groups';

const URL = '/api/groups';
const groupUrl = (id: string) => `${URL}/${encodeURIComponent(id)}`;

/**
 * What moving a deleted group's tickets makes stale in other features, named by URL because features
 * never import each other: every ticket and list (their groupId, the `group=` filter's counts).
 */
const TICKETS_KEY = ['/api/tickets'] as const;

/** After any change the groups are read again: Settings, the sidebar and every Group select share them. */
function useInvalidateGroups() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: GROUPS_KEY });
}

/** POST /api/groups (admins) → 201 {group}. */
export function useCreateGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: (input: Partial<CreateGroupInput> & { name: string }) =>
      apiSend<GroupResponse>('POST', URL, input),
    onSuccess: invalidate,
  });
}

/** PUT /api/groups/{id} (admins): any of the fields; `members` replaces the list. */
export function useUpdateGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: UpdateGroupInput }) =>
      apiSend<GroupResponse>('PUT', groupUrl(id), update),
    onSuccess: invalidate,
  });
}

export interface DeleteGroupVariables {
  id: string;
  /**
   * Where its tickets go (another group's id, or null for none): DELETE …?moveTo={id|none}. Unset, the
   * server answers 409 while tickets belong to the group.
   */
  moveTo?: string | null;
}

/** DELETE /api/groups/{id}[?moveTo=…] (admins) → 204, or 409 with the count of its tickets. */
export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, moveTo }: DeleteGroupVariables) => {
      const query =
        moveTo === undefined
          ? ''
          : `?${new URLSearchParams({ moveTo: moveTo ?? GROUP_MOVE_TO_NONE }).toString()}`;
      return apiSend<void>('DELETE', `${groupUrl(id)}${query}`);
    },
    onSuccess: (_data, { moveTo }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: GROUPS_KEY }),
        moveTo === undefined ? undefined : queryClient.invalidateQueries({ queryKey: TICKETS_KEY }),
      ]),
  });
}
