import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { refreshTicketData } from './refresh-ticket-data';

/** DELETE /api/tickets/:id (204, no body). */
export const deleteTicket = (id: string) => apiSend<void>('DELETE', `/api/tickets/${encodeURIComponent(id)}`);

export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTicket,
    onSettled: () => refreshTicketData(queryClient),
  });
}
