import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateTicketFieldInput,
  TicketFieldResponse,
  UpdateTicketFieldInput,
} from '@shared/contracts/ticket-fields';
import { apiSend } from '@/lib/api-client';
import { TICKET_FIELDS_KEY } from '@/lib/ticket-fields';

const URL = '/api/ticket-fields';
const fieldUrl = (id: string) => `${URL}/${encodeURIComponent(id)}`;

/**
 * After any change every screen's fields are read again (the ticket detail, New Ticket, the filter
 * panel share the entry): the mutation settles once the list is fresh, so the row a change moved is
 * in its new place when focus goes back to it.
 */
function useInvalidateFields() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: TICKET_FIELDS_KEY });
}

/** POST /api/ticket-fields (admins) → 201 {field}. */
export function useCreateTicketField() {
  const invalidate = useInvalidateFields();
  return useMutation({
    mutationFn: (input: CreateTicketFieldInput) => apiSend<TicketFieldResponse>('POST', URL, input),
    onSuccess: invalidate,
  });
}

/** PUT /api/ticket-fields/{id} (admins): label, type, options, requiredToClose, active or position. */
export function useUpdateTicketField() {
  const invalidate = useInvalidateFields();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: UpdateTicketFieldInput }) =>
      apiSend<TicketFieldResponse>('PUT', fieldUrl(id), update),
    onSuccess: invalidate,
  });
}
