import { Ticket } from 'lucide-react';
import { Link } from 'wouter';
import { TICKET_STATUS_META, type TicketStatus } from '@shared/constants';
import type { AssetTicket } from '@shared/contracts/assets';
import { Badge } from '@/components/ui/badge';
import { focusRing } from '@/components/ui/focus-ring';
import { ticketDetailsPath } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { INVENTORY_TEXTS } from '../lib/inventory-texts';
import { AssetSection } from './asset-section';

const { page } = INVENTORY_TEXTS;

const statusMeta = (status: string) =>
  TICKET_STATUS_META[status as TicketStatus] as (typeof TICKET_STATUS_META)[TicketStatus] | undefined;

/** The tickets the asset was lent for, newest first, each opening the ticket. */
export function AssetTickets({ tickets }: { tickets: readonly AssetTicket[] }) {
  return (
    <AssetSection title={page.tickets} icon={Ticket}>
      {tickets.length === 0 ? (
        <p className="text-sm text-muted-foreground">{page.noTickets}</p>
      ) : (
        <ul aria-label={page.tickets} className="divide-y">
          {tickets.map((ticket) => {
            const meta = statusMeta(ticket.status);
            return (
              <li key={ticket.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
                {/* The number above the subject: on a phone the subject keeps the width. */}
                <span className="min-w-0 flex-1">
                  <span className="block font-mono text-xs text-muted-foreground">{ticket.ticketNumber}</span>
                  <Link
                    href={ticketDetailsPath(ticket.id)}
                    className={cn(
                      'rounded-sm font-medium break-words text-primary underline-offset-4 hover:underline',
                      focusRing,
                    )}
                  >
                    {ticket.subject}
                  </Link>
                </span>
                {meta && <Badge variant={meta.colour}>{meta.label}</Badge>}
              </li>
            );
          })}
        </ul>
      )}
    </AssetSection>
  );
}
