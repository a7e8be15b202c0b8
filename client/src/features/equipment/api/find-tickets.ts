import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TicketListResponse, TicketResponse } from '@shared/contracts/tickets';
import { apiGet } from '@/lib/api-client';

/** How many tickets the checkout's Ticket box suggests at once. */
const SUGGESTIONS = 8;

/** The tickets a loan may be linked to (issue 42): what the Ticket box shows. */
export interface TicketChoice {
  id: string;
  ticketNumber: string;
  subject: string;
}

const choiceOf = ({ id, ticketNumber, subject }: TicketChoice): TicketChoice => ({
  id,
  ticketNumber,
  subject,
});

/**
 * The checkout's Ticket box: the tickets the list's own search finds (number, subject, requester),
 * the newest first, by the tickets' URL (features do not import each other). Nothing is asked
 * while the box is empty.
 */
export function useTicketSuggestions(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: ['/api/tickets', 'list', 'loan-link', term] as const,
    queryFn: ({ signal }) =>
      apiGet<TicketListResponse>(
        `/api/tickets?${new URLSearchParams({ search: term, limit: String(SUGGESTIONS) }).toString()}`,
        { signal },
      ),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
    select: (data) => data.tickets.map(choiceOf),
  });
}

/** The ticket a loan is linked to, for its number and subject (an edit opens with only its id). */
export function useLinkedTicket(ticketId: string | null | undefined) {
  return useQuery({
    queryKey: ['/api/tickets', ticketId ?? ''] as const,
    queryFn: ({ signal }) =>
      apiGet<TicketResponse>(`/api/tickets/${encodeURIComponent(ticketId ?? '')}`, { signal }),
    enabled: Boolean(ticketId),
    select: (data) => choiceOf(data.ticket),
  });
}
