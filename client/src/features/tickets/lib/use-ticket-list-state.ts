import { useState } from 'react';
import type { TicketListFilters } from '@shared/contracts/tickets';
import type { TicketListSort } from './ticket-sort';
import {
  applyQuickFilter,
  DEFAULT_FILTER_VALUES,
  NO_FILTER_VALUES,
  type QuickFilterId,
  type TicketFilterValues,
} from './ticket-list-filters';

interface TicketListStateOptions {
  initialFilters?: Partial<TicketFilterValues>;
  pageSize: number;
  search: string;
}

/**
 * The list's filters and page. Any filter change, and any new search, starts again at page 1: the
 * page is remembered together with the search it was chosen for, so a new search reads as page 1
 * without an effect that would first fetch the old page.
 */
export function useTicketListState({ initialFilters, pageSize, search }: TicketListStateOptions) {
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
    changeFilters,
    sort,
    /** A new order starts again at page 1, as a filter does. */
    changeSort: (next: TicketListSort) => {
      setSort(next);
      setPage(1);
    },
    /** Clear All keeps the page size and the search (spec §2). */
    clearAll: () => changeFilters(NO_FILTER_VALUES),
    applyQuickFilter: (id: QuickFilterId) => changeFilters(applyQuickFilter(values, id)),
  };
}

export type TicketListState = ReturnType<typeof useTicketListState>;
