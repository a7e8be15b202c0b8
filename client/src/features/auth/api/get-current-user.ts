import { queryOptions, useQuery } from '@tanstack/react-query';
import { CURRENT_USER_STALE_MS } from '@shared/constants';
import type { PublicUser } from '@shared/contracts/auth';
import { getQueryFn } from '@/lib/query-client';
import { authKeys } from './auth-keys';

/** GET /api/auth/user; a 401 means "signed out" and reads as null rather than as an error. */
export const getCurrentUser = getQueryFn<PublicUser>({ on401: 'returnNull' });

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.currentUser(),
    queryFn: getCurrentUser,
    staleTime: CURRENT_USER_STALE_MS,
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useCurrentUser() {
  const { data, error, isLoading } = useQuery(currentUserQueryOptions());
  const user = data ?? null;
  return { user, error, isLoading, isAuthenticated: user !== null && !error };
}
