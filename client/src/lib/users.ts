import { useQuery } from '@tanstack/react-query';
import type { UserSummary, UsersResponse } from '@shared/contracts/users';
import { apiGet } from '@/lib/api-client';
import { pollAge } from '@/lib/poll-age';
import { fullName } from '@/lib/utils';

const USERS_URL = '/api/users';

/**
 * GET /api/users: the active users, for every assignee picker and Team Status. The key is the URL,
 * as the default query function expects, so every screen shares one cache entry, and invalidating
 * it (a change to the team) refreshes the deactivated-included list below it too.
 */
export const USERS_KEY = [USERS_URL] as const;

const selectUsers = (data: UsersResponse) => data.users;

interface UseUsersOptions {
  /** Polls the list (Team Status, spec §7); a poll may be served from the server's poll cache. */
  refetchInterval?: number;
}

export function useUsers({ refetchInterval }: UseUsersOptions = {}) {
  return useQuery({
    queryKey: USERS_KEY,
    queryFn: (context) =>
      apiGet<UsersResponse>(USERS_URL, {
        signal: context.signal,
        acceptAgeSeconds: refetchInterval === undefined ? undefined : pollAge(context),
      }),
    refetchInterval,
    select: selectUsers,
  });
}

/**
 * GET /api/users?include=deactivated: every account, deactivated ones too, so a name on an older
 * record (a loan's Created By and Assigned To) keeps naming someone who has left.
 */
export function useAllUsers() {
  return useQuery({
    queryKey: [...USERS_KEY, { include: 'deactivated' }] as const,
    queryFn: ({ signal }) => apiGet<UsersResponse>(`${USERS_URL}?include=deactivated`, { signal }),
    select: selectUsers,
  });
}

export const UNASSIGNED_LABEL = 'Unassigned';

/** A user no longer known by id, or without a name (spec §2 Assigned To rule). */
export const UNKNOWN_USER_LABEL = 'Unknown User';

/** "First Last", or the email for a user without a name (spec §2 Assigned To rule). */
export const userName = (user: UserSummary) => fullName(user.firstName, user.lastName) || user.email;

/** The create dialog's Assign To items: "first last (email)" (spec §2). */
export const userNameWithEmail = (user: UserSummary) => `${userName(user)} (${user.email})`;
