import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketResponse } from '@shared/contracts/tickets';
import { apiSend } from '@/lib/api-client';
import { refreshTicketData } from './refresh-ticket-data';

const ticketPath = (id: string) => `/api/tickets/${encodeURIComponent(id)}`;

/** POST /api/tickets/:id/restore (admins): the ticket out of the Trash, as it was. */
export const restoreTicket = (id: string) => apiSend<TicketResponse>('POST', `${ticketPath(id)}/restore`);

/** DELETE /api/tickets/:id?purge=true (admins): the ticket removed for good. */
export const purgeTicket = (id: string) => apiSend<void>('DELETE', `${ticketPath(id)}?purge=true`);

export function useRestoreTicket() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: restoreTicket, onSettled: () => refreshTicketData(queryClient) });
}

export function usePurgeTicket() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: purgeTicket, onSettled: () => refreshTicketData(queryClient) });
}
