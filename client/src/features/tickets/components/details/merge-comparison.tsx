import { MERGE_TEXTS } from '@shared/contracts/ticket-merge';
import type { TicketListItem } from '@shared/contracts/tickets';
import { formatTimestamp } from './format-timestamp';

/** What the comparison shows of a ticket (a list row or the detail's ticket both have it). */
type Summary = Pick<
  TicketListItem,
  'ticketNumber' | 'subject' | 'fromName' | 'fromEmail' | 'createdAt' | 'status'
>;

/** The two tickets side by side before a merge: this one, and the one it goes into. */
export function MergeComparison({ source, target }: { source: Summary; target: Summary }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TicketSummary heading={MERGE_TEXTS.thisTicket} ticket={source} />
      <TicketSummary heading={MERGE_TEXTS.intoTicket} ticket={target} />
    </div>
  );
}

function TicketSummary({ heading, ticket }: { heading: string; ticket: Summary }) {
  return (
    <section
      aria-label={`${heading}: ${ticket.ticketNumber}`}
      className="space-y-1 rounded-md border p-3 text-sm"
    >
      <p className="text-xs font-medium text-muted-foreground uppercase">{heading}</p>
      <p className="font-semibold">{ticket.ticketNumber}</p>
      <p className="break-words">{ticket.subject}</p>
      <p className="break-words text-muted-foreground">
        {ticket.fromName ? `${ticket.fromName} <${ticket.fromEmail}>` : ticket.fromEmail}
      </p>
      <p className="text-muted-foreground">
        {formatTimestamp(ticket.createdAt)} · {ticket.status.replace(/_/g, ' ')}
      </p>
    </section>
  );
}
