import type { ReactNode } from 'react';
import type { TicketSort } from '@shared/constants';
import type { TicketListItem } from '@shared/contracts/tickets';
import { Checkbox } from '@/components/ui/checkbox';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { TicketListSort } from '@/lib/ticket-list/ticket-sort';
import type { TicketRowShortcutProps } from '../lib/use-ticket-list-shortcuts';
import type { TicketSelection } from '../lib/use-ticket-selection';
import { SortableTableHead } from './sortable-table-head';
import { TicketSkeletonRows } from './ticket-skeleton-rows';
import { TicketTableRow } from './ticket-table-row';
import { TRASH_COLUMNS } from './trash-facts';

type Column = { label: string; sort?: TicketSort };

/** What every row shows first: the ticket and its requester. */
const TICKET_COLUMNS: readonly Column[] = [
  { label: 'Ticket #', sort: 'ticketNumber' },
  { label: 'Subject', sort: 'subject' },
  { label: 'From' },
];

/** The spec's columns; those with a sort are sorted by clicking their header (issue 26). */
const LIST_COLUMNS: readonly Column[] = [
  ...TICKET_COLUMNS,
  { label: 'Status', sort: 'status' },
  { label: 'Priority', sort: 'priority' },
  { label: 'Assigned', sort: 'assignee' },
  { label: 'Created', sort: 'createdAt' },
];

/**
 * The Trash's: who deleted each ticket, when, and when it is purged, in place of its state and
 * assignment, which nobody can change there; so it fits 1280 px without scrolling sideways.
 */
const TRASH_TABLE_COLUMNS: readonly Column[] = [
  ...TICKET_COLUMNS,
  ...TRASH_COLUMNS.map((label) => ({ label })),
];

interface TicketTableProps {
  /** Undefined while the first page loads. */
  tickets: readonly TicketListItem[] | undefined;
  /**
   * The rows are the previous page's, kept while the requested one loads (the footer already names
   * the new range): the table says it is busy and dims them.
   */
  stale?: boolean;
  selection: TicketSelection;
  sort: TicketListSort;
  onSortChange: (sort: TicketListSort) => void;
  /** The keyboard shortcuts' attributes of each row (focusable, roving tabindex). */
  rowProps: (ticketId: string) => TicketRowShortcutProps;
  onOpenTicket: (ticketId: string) => void;
  /** Each row's Actions cell. */
  renderActions: (ticket: TicketListItem) => ReactNode;
  /** The Trash's rows (deleted tickets), with its columns. */
  trash?: boolean;
}

export function TicketTable({
  tickets,
  stale = false,
  selection,
  sort,
  onSortChange,
  rowProps,
  onOpenTicket,
  renderActions,
  trash = false,
}: TicketTableProps) {
  const columns = trash ? TRASH_TABLE_COLUMNS : LIST_COLUMNS;
  // The selection column, the named columns and Actions.
  const columnCount = columns.length + 2;
  return (
    <Table
      aria-label="Tickets"
      aria-busy={tickets === undefined || stale}
      className={stale ? 'opacity-60 transition-opacity' : 'transition-opacity'}
    >
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="w-10">
            <Checkbox
              checked={selection.someSelected ? 'indeterminate' : selection.allSelected}
              onCheckedChange={(checked) => selection.toggleAll(checked === true)}
              disabled={!tickets?.length}
              aria-label="Select all tickets on this page"
            />
          </TableHead>
          {columns.map((column) =>
            column.sort ? (
              <SortableTableHead
                key={column.label}
                label={column.label}
                column={column.sort}
                sort={sort}
                onSortChange={onSortChange}
              />
            ) : (
              <TableHead key={column.label}>{column.label}</TableHead>
            ),
          )}
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {tickets === undefined ? (
          <TicketSkeletonRows columns={columnCount} />
        ) : tickets.length === 0 ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={columnCount} className="py-12 text-center text-muted-foreground">
              No tickets found.
            </TableCell>
          </TableRow>
        ) : (
          tickets.map((ticket) => (
            <TicketTableRow
              key={ticket.id}
              ticket={ticket}
              shortcutProps={rowProps(ticket.id)}
              selected={selection.isSelected(ticket.id)}
              onSelectedChange={(checked) => selection.toggle(ticket.id, checked)}
              onOpen={() => onOpenTicket(ticket.id)}
              actions={renderActions(ticket)}
              trash={trash}
            />
          ))
        )}
      </TableBody>
    </Table>
  );
}
