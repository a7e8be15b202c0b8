import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { sameViewQuery, type SavedView } from '@shared/contracts/views';
import { paths } from '@/lib/paths';
import { parseTicketListView } from '@/lib/ticket-list/ticket-list-url';
import { useSavedViews } from '../api/get-views';
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

/** Whether the list shows one of the caller's saved views (the sidebar's links then mark none). */
export function useSavedViewShown(): boolean {
  return useActiveViewId(useSavedViews().data) !== undefined;
}
