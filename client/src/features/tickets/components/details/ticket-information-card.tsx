import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { TicketPriorityBadge, TicketStatusBadge } from '../ticket-badges';
import { SectionCard } from '@/components/ui/section-card';
import { Separator } from '@/components/ui/separator';
import type { TicketActionProps } from './ticket-action-props';
import { TicketCustomFields } from './ticket-custom-fields';
import { TicketRatingField } from './ticket-rating-field';
import { TicketTags } from './ticket-tags';
import { Timestamp } from './timestamp';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

type InformationProps = Pick<TicketActionProps, 'ticket' | 'guardedSave' | 'draftResets' | 'surface'>;

/**
 * Who wrote in, when, and where the ticket stands (spec §2); then its tags and custom fields, each
 * edited in place (issue 38).
 */
export function TicketInformationCard(props: InformationProps) {
  const { ticket } = props;
  return (
    <SectionCard title="Ticket Information" icon={Info}>
      <dl className="grid gap-4 sm:grid-cols-2">
        <Field label="From">
          <span className="block font-medium">{ticket.fromName}</span>
          <span className="block text-muted-foreground">{ticket.fromEmail}</span>
        </Field>
        <Field label="Created">
          <Timestamp iso={ticket.createdAt} />
        </Field>
        <Field label="Status">
          <TicketStatusBadge status={ticket.status} />
        </Field>
        <Field label="Priority">
          <TicketPriorityBadge priority={ticket.priority} />
        </Field>
        {/* The requester's latest answered rating (issue 41); nothing without one. */}
        <TicketRatingField ticketId={ticket.id} />
      </dl>
      <Separator className="my-4" />
      <div className="space-y-4">
        <TicketTags {...props} />
        <TicketCustomFields {...props} />
      </div>
    </SectionCard>
  );
}
