import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkMergeTicketsInput } from '@shared/contracts/ticket-merge';
import type { TicketResponse } from '@shared/contracts/tickets';
import { apiSend } from '@/lib/api-client';
import { ticketUrl } from './get-ticket';
import { refreshTicketData } from './refresh-ticket-data';

/** POST /api/tickets/:id/merge: the ticket goes into `targetId`; answers the target. */
export const mergeTicket = ({ sourceId, targetId }: { sourceId: string; targetId: string }) =>
  apiSend<TicketResponse>('POST', `${ticketUrl(sourceId)}/merge`, { targetId });

/** POST /api/tickets/merge: every listed ticket but the target goes into it. */
export const bulkMergeTickets = (input: BulkMergeTicketsInput) =>
  apiSend<TicketResponse>('POST', '/api/tickets/merge', input);

/** Both tickets, the lists and the counts change: everything ticket-shaped is read again. */
export function useMergeTicket() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: mergeTicket, onSettled: () => refreshTicketData(queryClient) });
}

export function useBulkMergeTickets() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bulkMergeTickets, onSettled: () => refreshTicketData(queryClient) });
}
