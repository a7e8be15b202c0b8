import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext } from 'react';
import type { UserRole } from '@shared/constants';
import { GROUP_TEXTS, type Group, type GroupsResponse } from '@shared/contracts/groups';
import { apiGet } from '@/lib/api-client';

const GROUPS_URL = '/api/groups';

/**
 * GET /api/groups (issue 39): every group by name, with its members and open tickets. Settings, the
 * sidebar and every Group select share this one cache entry; Settings invalidates it after a change,
 * and every ticket change does too (a group's open count moves with its tickets).
 */
export const GROUPS_KEY = [GROUPS_URL] as const;

const selectGroups = (data: GroupsResponse) => data.groups;

interface UseGroupsOptions {
  /** Polls the list (the sidebar's counts, as the saved views' counts are polled). */
  refetchInterval?: number;
}

export function useGroups({ refetchInterval }: UseGroupsOptions = {}) {
  return useQuery({
    queryKey: GROUPS_KEY,
    queryFn: ({ signal }) => apiGet<GroupsResponse>(GROUPS_URL, { signal }),
    refetchInterval,
    refetchIntervalInBackground: refetchInterval !== undefined,
    select: selectGroups,
  });
}

/**
 * The groups to offer in a select, or none while there is no group (or none can be read): a help desk
 * without groups shows no Group control anywhere, exactly as before issue 39.
 */
export function useGroupChoices(): readonly Group[] {
  return useGroups().data ?? [];
}

/** A group's name by id: "No group" for null, "Unknown group" for one no longer listed. */
export function groupName(groups: readonly Group[], id: string | null): string {
  if (id === null) return GROUP_TEXTS.noGroup;
  return groups.find((group) => group.id === id)?.name ?? GROUP_TEXTS.unknownGroup;
}

/** Who reads the groups: the signed-in user's id and role (admins see every group). */
export interface GroupViewer {
  id: string;
  role: UserRole;
}

/**
 * The signed-in user, for the groups' "may see" (issue 39). The app provides it around the signed-in
 * screens: the shared lib and the features cannot read the auth feature's current user themselves.
 * Null outside it, where nothing is hidden and nothing asked.
 */
export const GroupViewerContext = createContext<GroupViewer | null>(null);

/**
 * Whether `viewer` may see the tickets of `group` (issue 39 "Private groups"), as the server decides:
 * an admin sees every group, anyone a group that is not private, and a member their private group.
 * A user whose role is not known (the users list carries none) counts as no admin.
 */
export function maySeeGroup(
  group: Pick<Group, 'private' | 'members'>,
  viewer: { id: string; role?: UserRole },
): boolean {
  return viewer.role === 'admin' || !group.private || group.members.includes(viewer.id);
}

/**
 * Whether the signed-in user may see the tickets of the group `groupId`. No group, a group no longer
 * listed and a screen without a viewer answer true: only the server knows, and nothing is hidden or
 * asked on a guess.
 */
export function useMaySeeGroup(): (groupId: string | null | undefined) => boolean {
  const viewer = useContext(GroupViewerContext);
  const groups = useGroupChoices();
  return useCallback(
    (groupId) => {
      const group = groupId ? groups.find((each) => each.id === groupId) : undefined;
      return !group || !viewer || maySeeGroup(group, viewer);
    },
    [groups, viewer],
  );
}

/** The signed-in user, or null outside the signed-in screens. */
export const useGroupViewer = () => useContext(GroupViewerContext);
