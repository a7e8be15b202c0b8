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

/** The spec's columns; those with a sort are sorted by clicking their header (issue 26). */
const COLUMNS: readonly { label: string; sort?: TicketSort }[] = [
  { label: 'Ticket #', sort: 'ticketNumber' },
  { label: 'Subject', sort: 'subject' },
  { label: 'From' },
  { label: 'Status', sort: 'status' },
  { label: 'Priority', sort: 'priority' },
  { label: 'Assigned', sort: 'assignee' },
  { label: 'Created', sort: 'createdAt' },
];
/** The selection column, the named columns and Actions. */
const COLUMN_COUNT = COLUMNS.length + 2;

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
}: TicketTableProps) {
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
          {COLUMNS.map((column) =>
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
          <TicketSkeletonRows columns={COLUMN_COUNT} />
        ) : tickets.length === 0 ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={COLUMN_COUNT} className="py-12 text-center text-muted-foreground">
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
            />
          ))
        )}
      </TableBody>
    </Table>
  );
}
