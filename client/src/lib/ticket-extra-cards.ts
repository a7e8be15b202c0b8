import { createContext, useContext, type ComponentType } from 'react';
import type { Ticket } from '@shared/contracts/tickets';

/** What a card another feature adds to the ticket detail receives: the ticket as shown. */
export interface TicketExtraCardProps {
  ticket: Ticket;
}

/**
 * Cards other features add to the ticket detail's right column (issue 42: the equipment feature's
 * Loans card). Features never import each other, so the app hands them to the tickets feature through
 * this context; none outside the signed-in app.
 */
export const TicketExtraCardsContext = createContext<readonly ComponentType<TicketExtraCardProps>[]>([]);

export const useTicketExtraCards = () => useContext(TicketExtraCardsContext);
