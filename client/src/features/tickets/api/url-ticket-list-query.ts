import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import { parseTicketListView, ticketListFiltersOfView } from '@/lib/ticket-list/ticket-list-url';
import { ticketListQueryOptions } from './get-tickets';

/**
 * The query of the /tickets list (UrlTicketList) for the page's URL search string: the view the URL
 * holds, at the list's page size. The first screen asks for it before the list's code has loaded
 * (app/first-screen.ts), and the list then finds its answer in the cache under the same key.
 */
export const urlTicketListQueryOptions = (search: string, pageSize = DEFAULT_PAGE_SIZE) =>
  ticketListQueryOptions(ticketListFiltersOfView(parseTicketListView(search), pageSize));
