import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddNoteInput, TicketResponse } from '@shared/contracts/tickets';
import { apiSend } from '@/lib/api-client';
import { ticketUrl } from './get-ticket';
import { isSessionExpiredError } from '@/components/session-expiry';
import { refreshTicketData } from './refresh-ticket-data';
import { ticketKeys } from './ticket-keys';

export interface AddTicketNoteVariables extends AddNoteInput {
  id: string;
}

/**
 * POST /api/tickets/:id/notes (201): the server appends the note under a row lock, so two agents
 * adding notes at once both keep theirs. Never send the whole list through PUT.
 */
export const addTicketNote = ({ id, text }: AddTicketNoteVariables) =>
  apiSend<TicketResponse>('POST', `${ticketUrl(id)}/notes`, { text });

export function useAddTicketNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTicketNote,
    onSuccess: (data) => queryClient.setQueryData(ticketKeys.detail(data.ticket.id), data),
    // After a 401 nothing is refetched: the refetches' own 401s would end the page before the
    // Unauthorized toast of the refused save is shown.
    onSettled: (_data, error) => (isSessionExpiredError(error) ? undefined : refreshTicketData(queryClient)),
  });
}
