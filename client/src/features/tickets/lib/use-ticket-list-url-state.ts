import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useHeaderSearch } from '@/components/layout/app-shell-context';
import {
  applyQuickFilter,
  NO_FILTER_VALUES,
  type QuickFilterId,
  type TicketFilterValues,
} from '@/lib/ticket-list/ticket-list-filters';
import {
  parseTicketListView,
  ticketListFiltersOfView,
  ticketListViewUrl,
  type TicketListView,
} from '@/lib/ticket-list/ticket-list-url';
import type { TicketListSort } from '@/lib/ticket-list/ticket-sort';
import type { TicketListState } from './use-ticket-list-state';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from './search-debounce';

/**
 * The ticket list's state kept in the URL (issue 26): filters, search, page, sort and the open ticket.
 * Each change the agent makes is a new history entry, so Back returns to the view before it; typing
 * in the search box replaces the entry instead (one entry per search, not per key).
 *
 * The header's search box keeps its own text (the app shell's); the two are kept in step: the text,
 * once typing pauses, is written into the URL, and a URL that arrives otherwise (a reload, Back or
 * Forward, a pasted link) puts its search into the box.
 */
export function useTicketListUrlState({ pageSize }: { pageSize: number }): TicketListState {
  const searchString = useSearch();
  const [, navigate] = useLocation();
  const view = useMemo(() => parseTicketListView(searchString), [searchString]);
  const go = (next: TicketListView, options: { replace?: boolean } = {}) =>
    navigate(ticketListViewUrl(next), options);

  const [typed, setTyped] = useHeaderSearch();
  const settledTyping = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  /** The search this hook last wrote into the URL: seeing it come back is not news for the box. */
  const written = useRef<string | null>(null);

  // The URL's search into the box (first load, Back/Forward, a pasted link). On the first render an
  // empty URL search leaves the box alone: text typed while the page was still loading is kept and
  // written into the URL below. (Each effect compares with the value it last saw, so running twice,
  // as React's StrictMode does in development, changes nothing.)
  const lastUrlSearch = useRef<string | undefined>(undefined);
  /**
   * The text the URL last put into the box: once it settles it is not the agent's typing, so it must
   * not be written back into a URL that has moved on meanwhile (a link to another view followed
   * within the pause, e.g. All Tickets and then a saved view).
   */
  const fromUrl = useRef<string | null>(null);
  useEffect(() => {
    const previous = lastUrlSearch.current;
    lastUrlSearch.current = view.search;
    if (previous === view.search || (previous === undefined && view.search === '')) return;
    // The echo of this hook's own write is seen once; after it (or any other search) the write is
    // history, so coming back to that search later (a saved view's link) fills the box again.
    const echo = view.search === written.current;
    written.current = null;
    if (!echo && view.search !== typed.trim()) {
      fromUrl.current = view.search;
      setTyped(view.search);
    }
    // Only a new URL search is news; the typed text changing is handled below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.search]);

  // The box's text into the URL once typing pauses. On the first render the URL's own search wins
  // (the effect above puts it into the box); otherwise text already in the box (typed before the
  // list loaded) goes into the URL at once.
  const lastTyping = useRef<string | undefined>(undefined);
  useEffect(() => {
    const previous = lastTyping.current;
    lastTyping.current = settledTyping;
    if (previous === settledTyping || (previous === undefined && view.search !== '')) return;
    const cameFromUrl = fromUrl.current === settledTyping;
    fromUrl.current = null;
    if (cameFromUrl || settledTyping === view.search) return;
    written.current = settledTyping;
    go({ ...view, search: settledTyping, page: 1 }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledTyping]);

  const changeFilters = (values: TicketFilterValues) => go({ ...view, values, page: 1 });
  const filters = ticketListFiltersOfView(view, pageSize);
  return {
    values: view.values,
    filters,
    page: view.page,
    setPage: (page: number) => go({ ...view, page }),
    // Stepping back from a page past the end is a correction, not a move of the agent's: Back must
    // not return to the empty page.
    correctPage: (page: number) => go({ ...view, page }, { replace: true }),
    changeFilters,
    sort: view.sort,
    changeSort: (sort: TicketListSort) => go({ ...view, sort, page: 1 }),
    clearAll: () => changeFilters(NO_FILTER_VALUES),
    applyQuickFilter: (id: QuickFilterId) => changeFilters(applyQuickFilter(view.values, id)),
    openTicketId: view.ticket,
    setOpenTicketId: (ticket: string | null) => go({ ...view, ticket }),
    showDeleted: (deleted: boolean) => go({ ...view, deleted, page: 1, ticket: null }),
  };
}
