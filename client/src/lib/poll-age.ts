import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { POLL_CACHE_MAX_AGE_SECONDS } from '@shared/constants';

/**
 * How old an answer a polled query accepts (api-client's `acceptAgeSeconds`): a background poll of
 * data already on screen may be served from the server's poll cache; a first load, or a refetch
 * after a change (the query was invalidated), asks for a fresh answer so the user sees their change.
 */
export function pollAge(context: { client: QueryClient; queryKey: QueryKey }): number | undefined {
  const state = context.client.getQueryState(context.queryKey);
  return state?.data !== undefined && !state.isInvalidated ? POLL_CACHE_MAX_AGE_SECONDS : undefined;
}
