import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Ticket } from '@shared/contracts/tickets';
import { TicketPriorityBadge, TicketStatusBadge } from '../ticket-badges';
import { SectionCard } from '@/components/ui/section-card';
import { Timestamp } from './timestamp';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

/** Who wrote in, when, and where the ticket stands (spec §2). */
export function TicketInformationCard({ ticket }: { ticket: Ticket }) {
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
      </dl>
    </SectionCard>
  );
}
