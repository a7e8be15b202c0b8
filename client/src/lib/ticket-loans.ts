import { useQuery, type Query, type QueryClient } from '@tanstack/react-query';
import type { TicketLoansResponse } from '@shared/contracts/assets';
import { apiGet } from '@/lib/api-client';

/**
 * A ticket's loans (issue 42), read by two features: the equipment feature's Loans card on the
 * ticket, and the tickets feature's close prompt ("1 loan is still out: close anyway?"). Features do
 * not import each other, so the one query lives here. Its key sits below the ticket's own
 * (`['/api/tickets', id]`), so every ticket change refreshes it too.
 */
export const ticketLoansKey = (ticketId: string) => ['/api/tickets', ticketId, 'loans'] as const;

/** A ticket's loans, or its Activity Log (`['/api/tickets', id, 'activity']`), which logs every loan. */
const showsLoansOfATicket = (query: Query) =>
  query.queryKey[0] === '/api/tickets' && (query.queryKey[2] === 'loans' || query.queryKey[2] === 'activity');

/** After a loan write: every ticket's loans and history that is cached (a loan may move between tickets). */
export const invalidateTicketLoans = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: showsLoansOfATicket });

export function useTicketLoans(ticketId: string) {
  return useQuery({
    queryKey: ticketLoansKey(ticketId),
    queryFn: ({ signal }) =>
      apiGet<TicketLoansResponse>(`/api/tickets/${encodeURIComponent(ticketId)}/loans`, { signal }),
  });
}

/** How many of the ticket's loans are not returned yet (reservations included): 0 while loading. */
export function useOpenLoanCount(ticketId: string): number {
  const { data } = useTicketLoans(ticketId);
  return data?.loans.filter((loan) => !loan.isReturned).length ?? 0;
}

/** The close prompt's question, while `count` of the ticket's loans are out (issue 42). */
export const openLoansQuestion = (count: number) =>
  `${count} ${count === 1 ? 'loan is' : 'loans are'} still out: close anyway?`;
