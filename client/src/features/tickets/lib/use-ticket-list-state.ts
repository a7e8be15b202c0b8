import { useState } from 'react';
import type { TicketListFilters } from '@shared/contracts/tickets';
import { SEARCH_DEBOUNCE_MS } from './search-debounce';
import type { TicketListSort } from '@/lib/ticket-list/ticket-sort';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import {
  applyQuickFilter,
  DEFAULT_FILTER_VALUES,
  NO_FILTER_VALUES,
  type QuickFilterId,
  type TicketFilterValues,
} from '@/lib/ticket-list/ticket-list-filters';

interface TicketListStateOptions {
  initialFilters?: Partial<TicketFilterValues>;
  pageSize: number;
  /** The header's search text as typed; the list asks once typing pauses. */
  searchQuery: string;
}

/**
 * What the ticket list shows and how it is changed: kept in the component (the Dashboard's list,
 * below) or in the URL (/tickets, use-ticket-list-url-state.ts).
 */
export interface TicketListState {
  values: TicketFilterValues;
  filters: TicketListFilters;
  page: number;
  setPage: (page: number) => void;
  /** The page past the end corrected to the last one (not a step of the agent's). */
  correctPage: (page: number) => void;
  changeFilters: (values: TicketFilterValues) => void;
  sort: TicketListSort;
  /** A new order starts again at page 1, as a filter does. */
  changeSort: (sort: TicketListSort) => void;
  /** Clear All keeps the page size and the search (spec §2). */
  clearAll: () => void;
  applyQuickFilter: (id: QuickFilterId) => void;
  /** The ticket shown in the dialog over the list. */
  openTicketId: string | null;
  setOpenTicketId: (id: string | null) => void;
  /** Shows the Trash instead of the live tickets (admins; /tickets only, issue 26). */
  showDeleted?: (deleted: boolean) => void;
}

/**
 * The list's filters and page. Any filter change, and any new search, starts again at page 1: the
 * page is remembered together with the search it was chosen for, so a new search reads as page 1
 * without an effect that would first fetch the old page.
 */
export function useTicketListState({
  initialFilters,
  pageSize,
  searchQuery,
}: TicketListStateOptions): TicketListState {
  const search = useDebouncedValue(searchQuery, SEARCH_DEBOUNCE_MS);
  const [openTicketId, setOpenTicketId] = useState<string | null>(null);
  const [values, setValues] = useState<TicketFilterValues>(() => ({
    ...DEFAULT_FILTER_VALUES,
    ...initialFilters,
  }));
  const [sort, setSort] = useState<TicketListSort>({});
  const [paging, setPaging] = useState({ page: 1, search });
  const page = paging.search === search ? paging.page : 1;

  const setPage = (next: number) => setPaging({ page: next, search });
  const changeFilters = (next: TicketFilterValues) => {
    setValues(next);
    setPage(1);
  };

  const filters: TicketListFilters = {
    ...values,
    page,
    limit: pageSize,
    search: search.trim() || undefined,
    ...sort,
  };

  return {
    values,
    filters,
    page,
    setPage,
    correctPage: setPage,
    changeFilters,
    sort,
    changeSort: (next: TicketListSort) => {
      setSort(next);
      setPage(1);
    },
    clearAll: () => changeFilters(NO_FILTER_VALUES),
    applyQuickFilter: (id: QuickFilterId) => changeFilters(applyQuickFilter(values, id)),
    openTicketId,
    setOpenTicketId,
  };
}
