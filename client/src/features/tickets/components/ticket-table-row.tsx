import type { ReactNode } from 'react';
import type { TicketListItem } from '@shared/contracts/tickets';
import { TagChips } from '@/components/tags/tag-chips';
import { Checkbox } from '@/components/ui/checkbox';
import { TableCell, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import type { TicketRowShortcutProps } from '../lib/use-ticket-list-shortcuts';
import { SlaClockBadge } from './sla-clock-badge';
import { TicketAssignee } from './ticket-assignee';
import { TicketPriorityBadge, TicketStatusBadge } from './ticket-badges';
import { TrashCells } from './trash-facts';

const createdDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

interface TicketTableRowProps {
  ticket: TicketListItem;
  /** Makes the row focusable for the j/k shortcuts. */
  shortcutProps: TicketRowShortcutProps;
  selected: boolean;
  onSelectedChange: (checked: boolean) => void;
  onOpen: () => void;
  /** The Actions cell: the list's buttons, or the Trash's. */
  actions: ReactNode;
  /** A Trash row: who deleted it, when, and when it goes, instead of its state, assignee and creation. */
  trash?: boolean;
}

export function TicketTableRow({
  ticket,
  shortcutProps,
  selected,
  onSelectedChange,
  onOpen,
  actions,
  trash = false,
}: TicketTableRowProps) {
  return (
    <TableRow
      {...shortcutProps}
      data-state={selected ? 'selected' : undefined}
      // Focus moved here by j/k shows as a ring inside the row (the table's box clips outside it).
      className="cursor-pointer focus-visible:bg-accent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      onClick={onOpen}
    >
      {/* Ticking the box selects the row; it must not open the ticket as a row click does. */}
      <TableCell className="w-10" onClick={(event) => event.stopPropagation()}>
        <Checkbox
          checked={selected}
          onCheckedChange={(checked) => onSelectedChange(checked === true)}
          aria-label={`Select ticket ${ticket.ticketNumber}`}
        />
      </TableCell>
      <TableCell className="font-mono text-xs whitespace-nowrap">{ticket.ticketNumber}</TableCell>
      <TableCell>
        {/* A reply from the requester since this agent last opened it (issue 26). */}
        <div className="flex items-start gap-2">
          {ticket.unread && (
            <span
              role="img"
              aria-label="New reply"
              title="New reply"
              className="mt-1.5 size-2 shrink-0 rounded-full bg-primary"
            />
          )}
          <div className="min-w-0 space-y-1">
            <p
              className={cn(
                'line-clamp-2 max-w-80 min-w-32 break-words 2xl:min-w-36',
                ticket.unread ? 'font-bold' : 'font-medium',
              )}
              title={ticket.subject}
            >
              {ticket.subject}
            </p>
            {/* Under the subject, not a column of their own: the table still fits from 1280 px (issue 38). */}
            <TagChips tags={ticket.tags} className="max-w-80" />
          </div>
        </div>
      </TableCell>
      <TableCell>
        {/* Narrower below 1536 px (the full text is in the title), so the list fits from 1280 px. */}
        <p className="max-w-32 truncate 2xl:max-w-44" title={ticket.fromName}>
          {ticket.fromName}
        </p>
        <p className="max-w-32 truncate text-xs text-muted-foreground 2xl:max-w-44" title={ticket.fromEmail}>
          {ticket.fromEmail}
        </p>
      </TableCell>
      {trash ? (
        <TrashCells ticket={ticket} />
      ) : (
        <>
          <TableCell>
            <TicketStatusBadge status={ticket.status} wrap />
          </TableCell>
          <TableCell>
            {/* The SLA's next due time (issue 24) goes under the priority it follows from: no new column. */}
            <div className="flex flex-col items-start gap-1">
              <TicketPriorityBadge priority={ticket.priority} />
              <SlaClockBadge sla={ticket.sla} />
            </div>
          </TableCell>
          <TableCell>
            <TicketAssignee ticket={ticket} />
          </TableCell>
          {/* The date may break after its comma below 1536 px ("Nov 28," over "2026"). */}
          <TableCell className="text-muted-foreground 2xl:whitespace-nowrap">
            <time dateTime={ticket.createdAt}>{createdDate.format(new Date(ticket.createdAt))}</time>
          </TableCell>
        </>
      )}
      <TableCell>{actions}</TableCell>
    </TableRow>
  );
}
