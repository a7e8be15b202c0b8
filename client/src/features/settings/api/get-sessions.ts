import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionsResponse } from '@shared/contracts/auth';
import { apiGet } from '@/lib/api-client';
import { settingsKeys } from './settings-keys';

/** GET /api/auth/sessions: where the signed-in user is signed in, this device first. */
export const getSessions = (signal?: AbortSignal) =>
  apiGet<SessionsResponse>('/api/auth/sessions', { signal });

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.sessions(), queryFn: ({ signal }) => getSessions(signal) });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
