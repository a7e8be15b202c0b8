import type { ReactNode } from 'react';
import type { TicketListItem } from '@shared/contracts/tickets';
import { TagChips } from '@/components/tags/tag-chips';
import { Checkbox } from '@/components/ui/checkbox';
import { focusRing } from '@/components/ui/focus-ring';
import { cn } from '@/lib/utils';
import { SlaClockBadge } from './sla-clock-badge';
import { TicketAssignee } from './ticket-assignee';
import { TicketPriorityBadge, TicketStatusBadge } from './ticket-badges';
import { ticketFocusProps } from '../lib/use-focus-after-removal';
import type { TicketSelection } from '../lib/use-ticket-selection';
import { TrashCardFacts } from './trash-facts';

const createdDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

interface TicketCardListProps {
  tickets: readonly TicketListItem[] | undefined;
  stale?: boolean;
  onOpenTicket: (ticketId: string) => void;
  /** Each card's actions (the table's Actions cell). */
  renderActions: (ticket: TicketListItem) => ReactNode;
  /** The table's selection: each card has its box, so the bulk bar works on a phone too (issue 37). */
  selection: TicketSelection;
}

/**
 * The list on a phone (below 640 px, issue 26): one card per ticket with the table's facts (number,
 * subject, requester, tags, status, priority, assignee, created) instead of a table wider than the
 * screen. The subject is the card's button that opens the ticket; the actions follow it.
 */
export function TicketCardList({
  tickets,
  stale = false,
  onOpenTicket,
  renderActions,
  selection,
}: TicketCardListProps) {
  if (tickets === undefined) {
    return <p className="p-4 text-sm text-muted-foreground">Loading tickets...</p>;
  }
  if (tickets.length === 0) {
    return <p className="py-12 text-center text-sm text-muted-foreground">No tickets found.</p>;
  }
  return (
    <>
      <label className="flex items-center gap-3 border-b px-4 py-3 text-sm text-muted-foreground">
        <Checkbox
          checked={selection.someSelected ? 'indeterminate' : selection.allSelected}
          onCheckedChange={(checked) => selection.toggleAll(checked === true)}
          aria-label="Select all tickets on this page"
        />
        Select All
      </label>
      <ul aria-label="Tickets" aria-busy={stale} className={cn('divide-y', stale && 'opacity-60')}>
        {tickets.map((ticket) => (
          <li
            key={ticket.id}
            data-state={selection.isSelected(ticket.id) ? 'selected' : undefined}
            className="space-y-2 p-4 data-[state=selected]:bg-muted"
          >
            <div className="flex items-start gap-3">
              {/* The box comes first, before the subject it selects, as in the table. */}
              <Checkbox
                className="mt-0.5"
                checked={selection.isSelected(ticket.id)}
                onCheckedChange={(checked) => selection.toggle(ticket.id, checked === true)}
                aria-label={`Select ticket ${ticket.ticketNumber}`}
              />
              <button
                type="button"
                {...ticketFocusProps(ticket.id)}
                className={cn('min-w-0 flex-1 rounded-sm text-left', focusRing)}
                onClick={() => onOpenTicket(ticket.id)}
              >
                <span className="block font-mono text-xs text-muted-foreground">{ticket.ticketNumber}</span>
                <span
                  className={cn(
                    'flex items-start gap-2 break-words',
                    ticket.unread ? 'font-bold' : 'font-medium',
                  )}
                >
                  {ticket.unread && (
                    <span
                      role="img"
                      aria-label="New reply"
                      className="mt-1.5 size-2 shrink-0 rounded-full bg-primary"
                    />
                  )}
                  {ticket.subject}
                </span>
              </button>
              {renderActions(ticket)}
            </div>
            <p className="truncate text-sm text-muted-foreground">
              {ticket.fromName} · {ticket.fromEmail}
            </p>
            {/* Outside the subject's button, whose name stays the ticket's number and subject. */}
            <TagChips tags={ticket.tags} />
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <TicketStatusBadge status={ticket.status} />
              <TicketPriorityBadge priority={ticket.priority} />
              <SlaClockBadge sla={ticket.sla} />
              <TicketAssignee ticket={ticket} />
              <time className="ml-auto text-muted-foreground" dateTime={ticket.createdAt}>
                {createdDate.format(new Date(ticket.createdAt))}
              </time>
            </div>
            {ticket.deletedAt && <TrashCardFacts ticket={ticket} />}
          </li>
        ))}
      </ul>
    </>
  );
}
