import { QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { ApiError, apiGet } from './api-client';

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default read (spec §7 Generic): GET the query key's parts joined with "/". */
function urlFromKey(queryKey: QueryKey): string {
  return queryKey
    .map((part) => {
      if (typeof part !== 'string' && typeof part !== 'number') {
        throw new TypeError(
          'The default query function only takes string or number key parts; pass a queryFn.',
        );
      }
      return String(part);
    })
    .join('/');
}

/**
 * A query function for URL-shaped keys. With `on401: 'returnNull'` a 401 answer resolves to null
 * instead of failing, which is how "not signed in" is read without an error state.
 */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    try {
      return await apiGet<T>(urlFromKey(queryKey), { signal });
    } catch (error) {
      if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
}

/** Cached reads are never stale, never refetched on focus, never polled and never retried (spec §9). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
