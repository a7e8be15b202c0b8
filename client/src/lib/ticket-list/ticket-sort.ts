import { TICKET_SORT_META, type SortOrder, type TicketSort } from '@shared/constants';
import { effectiveSort, type TicketListFilters } from '@shared/contracts/tickets';

/** The list's sort as the SPA holds it: both unset means the spec's newest first. */
export type TicketListSort = Pick<TicketListFilters, 'sort' | 'order'>;

/**
 * A header clicked: its column in its first direction (TICKET_SORT_META), or, when the list is already
 * sorted by it, the other direction. Newest first comes back as "no sort" so its URL and query stay
 * the plain default.
 */
export function sortAfterHeaderClick(current: TicketListSort, column: TicketSort): TicketListSort {
  const { sort, order } = effectiveSort(current);
  const next: SortOrder =
    sort === column ? (order === 'asc' ? 'desc' : 'asc') : TICKET_SORT_META[column].firstOrder;
  return withoutDefault({ sort: column, order: next });
}

/** A sort chosen from "Sort by": in its first direction. */
export const sortChosen = (column: TicketSort): TicketListSort =>
  withoutDefault({ sort: column, order: TICKET_SORT_META[column].firstOrder });

/** The same sort the other way round. */
export function sortReversed(current: TicketListSort): TicketListSort {
  const { sort, order } = effectiveSort(current);
  return withoutDefault({ sort, order: order === 'asc' ? 'desc' : 'asc' });
}

function withoutDefault(sort: Required<TicketListSort>): TicketListSort {
  const defaults = effectiveSort({});
  return sort.sort === defaults.sort && sort.order === defaults.order ? {} : sort;
}

/** aria-sort of a column header: the list's sort when it is this column's. */
export function ariaSortOf(current: TicketListSort, column: TicketSort): 'ascending' | 'descending' | 'none' {
  const { sort, order } = effectiveSort(current);
  if (sort !== column) return 'none';
  return order === 'asc' ? 'ascending' : 'descending';
}
