import { useId, useRef, useState, type ReactNode } from 'react';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import type { TicketListItem } from '@shared/contracts/tickets';
import { canonicalViewQuery, type SavedViewQuery } from '@shared/contracts/views';
import { Card } from '@/components/ui/card';
import { useSessionExpiryRedirect } from '@/components/session-expiry';
import { useCanDeleteTickets } from '../api/get-ticket-deletion-setting';
import { useTickets } from '../api/get-tickets';
import type { TicketFilterValues } from '@/lib/ticket-list/ticket-list-filters';
import { useFocusAfterRemoval } from '../lib/use-focus-after-removal';
import { usePagePastEndFix } from '../lib/use-page-past-end-fix';
import { useTicketListShortcuts } from '../lib/use-ticket-list-shortcuts';
import { useTicketListState, type TicketListState } from '../lib/use-ticket-list-state';
import { useTicketListUrlState } from '../lib/use-ticket-list-url-state';
import { useTicketSelection } from '../lib/use-ticket-selection';
import { DeleteTicketDialog } from './delete-ticket-dialog';
import { TicketBulkBar } from './ticket-bulk-bar';
import { TicketDetailsDialog } from './ticket-details-dialog';
import { TicketFilterPanel } from './ticket-filter-panel';
import { TicketListError } from './ticket-list-error';
import { TicketListFooter } from './ticket-list-footer';
import { ticketListPageFigures } from '@/lib/ticket-list/ticket-list-pages';
import { TicketListToolbar } from './ticket-list-toolbar';
import { TicketCardList } from './ticket-card-list';
import { TicketRowActions } from './ticket-row-actions';
import { TicketTable } from './ticket-table';
import { TrashRowActions } from './trash-row-actions';

export interface TicketListProps {
  /** Show the "Showing X to Y of Z tickets" footer with Previous and Next. */
  pagination?: boolean;
  pageSize?: number;
  /** The header's search text. */
  searchQuery?: string;
  /** Filters applied over the defaults (open and in progress) when the list first shows. */
  initialFilters?: Partial<TicketFilterValues>;
  title?: string;
  /** Admins may always delete tickets and see the Trash (issue 26). */
  isAdmin?: boolean;
}

/** The Dashboard's ticket list: its view is its own, gone when the page is left. */
export function TicketList({
  pageSize = DEFAULT_PAGE_SIZE,
  searchQuery = '',
  initialFilters,
  ...props
}: TicketListProps) {
  const list = useTicketListState({ initialFilters, pageSize, searchQuery });
  return <TicketListView list={list} pageSize={pageSize} {...props} />;
}

/**
 * The ticket list of /tickets: its view (filters, search, page, sort, the open ticket) is the URL's,
 * so reloads, Back and Forward and shared links show the same view (issue 26).
 */
export function UrlTicketList({
  pageSize = DEFAULT_PAGE_SIZE,
  ...props
}: Omit<TicketListProps, 'searchQuery' | 'initialFilters'> & Pick<TicketListViewProps, 'renderSaveView'>) {
  const list = useTicketListUrlState({ pageSize });
  return <TicketListView list={list} pageSize={pageSize} {...props} />;
}

export interface TicketListViewProps {
  list: TicketListState;
  /** Admins may always delete, and see the Trash. */
  isAdmin?: boolean;
  pagination?: boolean;
  pageSize: number;
  title?: string;
  /**
   * Save View on the filter panel (the /tickets list, whose view is its URL). The Views feature's
   * button, handed in by the app: the ticket list knows no other feature.
   */
  renderSaveView?: (query: SavedViewQuery) => ReactNode;
}

/** The list itself: filters, selection, bulk actions, paging, the ticket dialog. */
function TicketListView({
  list,
  pagination = true,
  pageSize,
  title = 'All Tickets',
  isAdmin = false,
  renderSaveView,
}: TicketListViewProps) {
  const { openTicketId, setOpenTicketId } = list;
  // The ticket opened with the row's pencil, to edit: its dialog focuses Status (issue 37).
  const [editTicketId, setEditTicketId] = useState<string | null>(null);
  const canDelete = useCanDeleteTickets(isAdmin);
  const inTrash = list.filters.deleted === true;
  const heading = inTrash ? 'Deleted Tickets' : title;
  const renderActions = (ticket: TicketListItem) =>
    inTrash ? (
      <TrashRowActions
        ticketId={ticket.id}
        ticketNumber={ticket.ticketNumber}
        onView={() => setOpenTicketId(ticket.id)}
      />
    ) : (
      <TicketRowActions
        ticketNumber={ticket.ticketNumber}
        onView={() => setOpenTicketId(ticket.id)}
        onEdit={() => {
          setEditTicketId(ticket.id);
          setOpenTicketId(ticket.id);
        }}
        onDelete={canDelete ? () => setTicketToDelete(ticket) : undefined}
      />
    );
  const query = useTickets(list.filters);
  useSessionExpiryRedirect(query.error);

  const tickets = query.data?.tickets;
  // A capped search total is a lower bound: the tickets paged through so far count too.
  const figures = ticketListPageFigures({
    page: list.page,
    pageSize,
    rowsOnPage: tickets?.length ?? 0,
    total: query.data?.total ?? 0,
    totalCapped: query.data?.totalCapped === true,
  });
  const selection = useTicketSelection(tickets?.map((ticket) => ticket.id) ?? []);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [ticketToDelete, setTicketToDelete] = useState<TicketListItem | null>(null);
  const filterPanelId = useId();
  const listRef = useRef<HTMLElement>(null);
  const keepFocusAfterRemoval = useFocusAfterRemoval(tickets?.map((ticket) => ticket.id) ?? [], listRef);
  const shortcuts = useTicketListShortcuts({
    ticketIds: tickets?.map((ticket) => ticket.id) ?? [],
    onOpen: setOpenTicketId,
    onToggleSelected: (id) => selection.toggle(id, !selection.isSelected(id)),
  });

  usePagePastEndFix({
    page: list.page,
    pageSize,
    total: figures.count,
    settled: query.isSuccess && !query.isPlaceholderData,
    setPage: list.correctPage,
  });

  return (
    // Focusable from script only: focus stays here when the last row on the page was deleted.
    <section ref={listRef} tabIndex={-1} aria-label={heading} className="space-y-4 outline-none">
      <TicketListToolbar
        title={heading}
        // The Trash (a "Deleted" view) is the admins' (issue 26); only /tickets keeps it in its URL.
        deleted={isAdmin && list.showDeleted ? { shown: inTrash, onChange: list.showDeleted } : undefined}
        filtersOpen={filtersOpen}
        filterPanelId={filterPanelId}
        sort={list.sort}
        onSortChange={list.changeSort}
        onToggleFilters={() => setFiltersOpen((open) => !open)}
      />
      {filtersOpen && (
        <TicketFilterPanel
          id={filterPanelId}
          values={list.values}
          onChange={list.changeFilters}
          onQuickFilter={list.applyQuickFilter}
          onClearAll={list.clearAll}
          saveView={
            renderSaveView && !inTrash
              ? renderSaveView(
                  canonicalViewQuery({ ...list.values, search: list.filters.search, ...list.sort }),
                )
              : undefined
          }
        />
      )}
      {selection.selectedIds.length > 0 && !inTrash && (
        <TicketBulkBar
          selectedIds={selection.selectedIds}
          selectedTickets={(tickets ?? []).filter((ticket) => selection.isSelected(ticket.id))}
          onClear={selection.clear}
          canDelete={canDelete}
          canOpenTrash={isAdmin}
          onDeleted={keepFocusAfterRemoval}
        />
      )}
      {query.isError && <TicketListError error={query.error} onRetry={() => void query.refetch()} />}
      {/* Without any tickets to show, the error above says it all; an empty table would mislead. */}
      {!(query.isError && !tickets) && (
        <Card className="overflow-hidden">
          {/* Below 640 px one card per ticket; the table from there up (issue 26). */}
          <div className="sm:hidden">
            <TicketCardList
              tickets={tickets}
              stale={query.isPlaceholderData}
              onOpenTicket={setOpenTicketId}
              renderActions={renderActions}
              selection={selection}
            />
          </div>
          <div className="hidden sm:block">
            <TicketTable
              tickets={tickets}
              stale={query.isPlaceholderData}
              selection={selection}
              sort={list.sort}
              onSortChange={list.changeSort}
              rowProps={shortcuts.rowProps}
              onOpenTicket={setOpenTicketId}
              renderActions={renderActions}
              trash={inTrash}
            />
          </div>
          {pagination && <TicketListFooter page={list.page} figures={figures} onPageChange={list.setPage} />}
        </Card>
      )}
      <DeleteTicketDialog
        ticket={ticketToDelete}
        onClose={() => setTicketToDelete(null)}
        canOpenTrash={isAdmin}
        onDeleted={(id) => keepFocusAfterRemoval([id])}
      />
      <TicketDetailsDialog
        ticketId={openTicketId}
        toEdit={openTicketId !== null && openTicketId === editTicketId}
        onOpenChange={(open) => {
          if (open) return;
          setOpenTicketId(null);
          setEditTicketId(null);
        }}
      />
    </section>
  );
}
