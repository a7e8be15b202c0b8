import { canonicalViewQuery, type SavedViewQuery } from '@shared/contracts/views';
import { paths } from '@/lib/paths';
import {
  ALL_STATUSES,
  parseTicketListView,
  ticketListViewUrl,
  type TicketListView,
} from '@/lib/ticket-list/ticket-list-url';

/**
 * A view keeps the API's parameters (no `status`: every status), the list's URL its own (no `status`:
 * the spec's default, open and in progress; `status=all`: every status). These two turn one into the
 * other through the list's own URL code, so a view's link is exactly the URL the list writes.
 */

/** The query a list URL's view would be saved with: its filters, search and sort; not page or ticket. */
export function viewQueryOfList(view: TicketListView): SavedViewQuery {
  return canonicalViewQuery({ ...view.values, search: view.search || undefined, ...view.sort });
}

/** The same, from the list URL's query string (`?status=open&sort=updatedAt`). */
export const viewQueryOfUrl = (search: string) => viewQueryOfList(parseTicketListView(search));

/** The /tickets URL that shows a view. */
export function viewHref(query: SavedViewQuery): string {
  const params = new URLSearchParams(query);
  if (!params.has('status')) params.set('status', ALL_STATUSES);
  return ticketListViewUrl(parseTicketListView(params.toString()));
}

/** A view's query in the form the list's URL gives it back (the sidebar's active view). */
export const comparableViewQuery = (query: SavedViewQuery) =>
  viewQueryOfUrl(viewHref(query).slice(paths.tickets.length));
