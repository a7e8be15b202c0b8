import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkDeleteTicketsInput, BulkDeleteTicketsResponse } from '@shared/contracts/tickets';
import { apiSend } from '@/lib/api-client';
import { refreshTicketData } from './refresh-ticket-data';

/** DELETE /api/tickets/bulk: all the selected tickets or, when one is unknown, none of them. */
export const bulkDeleteTickets = (input: BulkDeleteTicketsInput) =>
  apiSend<BulkDeleteTicketsResponse>('DELETE', '/api/tickets/bulk', input);

export function useBulkDeleteTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteTickets,
    onSettled: () => refreshTicketData(queryClient),
  });
}
