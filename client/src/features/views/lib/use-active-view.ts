import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { sameViewQuery, type SavedView } from '@shared/contracts/views';
import { paths } from '@/app/paths';
import { parseTicketListView } from '@/features/tickets/lib/ticket-list-url';
import { comparableViewQuery, viewQueryOfList } from './view-url';

/**
 * The view the list's URL shows, if any: the first whose filters, search and sort are the URL's
 * (the page and the open ticket aside). The Trash is never a view.
 */
export function useActiveViewId(views: readonly SavedView[] | undefined): string | undefined {
  const [location] = useLocation();
  const search = useSearch();
  return useMemo(() => {
    if (location !== paths.tickets || !views?.length) return undefined;
    const list = parseTicketListView(search);
    if (list.deleted) return undefined;
    const current = viewQueryOfList(list);
    return views.find((view) => sameViewQuery(comparableViewQuery(view.query), current))?.id;
  }, [location, search, views]);
}
