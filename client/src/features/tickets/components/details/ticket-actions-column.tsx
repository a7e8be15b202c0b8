import { Suspense, type ComponentType } from 'react';
import type { TicketStatus } from '@shared/constants';
import { useTicketExtraCards } from '@/lib/ticket-extra-cards';
import { isClosedStatus } from './activity-entries';
import { AddNotesCard } from './add-notes-card';
import { CloseTicketCard } from './close-ticket-card';
import { StatusManagementCard } from './status-management-card';
import type { TicketActionProps } from './ticket-action-props';

/** The Close Ticket card shows only while the ticket is neither closed nor closed with Harvest (spec §4). */
export const canCloseTicket = (status: TicketStatus) => !isClosedStatus(status);

/**
 * The slot below Add Notes for cards that close the ticket. The Harvest "Close Ticket" card is added
 * here as one entry; it receives TicketActionProps and must save through `guardedSave`.
 */
export const CLOSE_TICKET_CARDS: readonly ComponentType<TicketActionProps>[] = [CloseTicketCard];

/**
 * The right column of the ticket detail (spec §2), then the cards other features add (the app's
 * TicketExtraCardsContext); the Reply card sits under the conversation instead.
 */
export function TicketActionsColumn(props: TicketActionProps) {
  const closable = canCloseTicket(props.ticket.status);
  // Other features' cards (issue 42: Loans), after the ticket's own.
  const extraCards = useTicketExtraCards();
  return (
    <div className="space-y-6">
      <StatusManagementCard {...props} />
      <AddNotesCard {...props} />
      {closable && CLOSE_TICKET_CARDS.map((Card, index) => <Card key={index} {...props} />)}
      {/* Each loads on its own (lazily, from the app) without holding back the ticket. */}
      {extraCards.map((Card, index) => (
        <Suspense key={index} fallback={null}>
          <Card ticket={props.ticket} />
        </Suspense>
      ))}
    </div>
  );
}
