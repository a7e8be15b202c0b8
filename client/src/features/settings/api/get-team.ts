import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamResponse } from '@shared/contracts/team';
import { apiGet } from '@/lib/api-client';
import { settingsKeys } from './settings-keys';

/** GET /api/team (admins only): every account, and the invitations still pending. */
export const getTeam = (signal?: AbortSignal) => apiGet<TeamResponse>('/api/team', { signal });

export const teamQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.team(), queryFn: ({ signal }) => getTeam(signal) });

export function useTeam() {
  return useQuery(teamQueryOptions());
}
