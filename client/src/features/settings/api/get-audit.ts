import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage } from '@shared/contracts/audit';
import { apiGet } from '@/lib/api-client';
import { settingsKeys } from './settings-keys';

/** How many security events a page holds: the first shows, Show More adds the next. */
export const AUDIT_PAGE = 10;

/** GET /api/team/audit (admins only): the page of security events after `offset`, newest first, with the total. */
export const getAuditPage = (offset: number, signal?: AbortSignal) =>
  apiGet<AuditPage>(`/api/team/audit?limit=${AUDIT_PAGE}&offset=${offset}`, { signal });

/** Events loaded so far, page by page; the next page starts after the events already loaded. */
export function useAudit() {
  return useInfiniteQuery({
    queryKey: settingsKeys.audit(),
    queryFn: ({ pageParam, signal }) => getAuditPage(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.events.length, 0);
      return last.events.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
}
