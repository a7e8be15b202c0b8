import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkUpdateTicketsInput, BulkUpdateTicketsResponse } from '@shared/contracts/tickets';
import { apiSend } from '@/lib/api-client';
import { refreshTicketData } from './refresh-ticket-data';

/** PATCH /api/tickets/bulk: one status or assignee for every selected ticket; assignedTo null unassigns. */
export const bulkUpdateTickets = (input: BulkUpdateTicketsInput) =>
  apiSend<BulkUpdateTicketsResponse>('PATCH', '/api/tickets/bulk', input);

export function useBulkUpdateTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateTickets,
    onSettled: () => refreshTicketData(queryClient),
  });
}
