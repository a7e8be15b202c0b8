import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketPriority } from '@shared/constants';
import type { CustomFieldValues } from '@shared/contracts/ticket-fields';
import type { TicketResponse } from '@shared/contracts/tickets';
import { apiSend } from '@/lib/api-client';
import { refreshTicketData } from './refresh-ticket-data';

/** What the Create New Ticket dialog collects; the rest of the request is filled in here. */
export interface NewTicket {
  subject: string;
  body: string;
  fromName: string;
  fromEmail: string;
  priority: TicketPriority;
  assignedTo: string | null;
  /** Issue 39: the ticket's group; null (or absent) for none. */
  groupId?: string | null;
  /** Issue 38: the custom fields filled in, by key (none is required on a new ticket). */
  customFields?: CustomFieldValues;
}

/** POST /api/tickets with the body of spec §7: a hand-made ticket is open, dated now, without attachments. */
export function createTicket(ticket: NewTicket) {
  const now = new Date();
  return apiSend<TicketResponse>('POST', '/api/tickets', {
    ticketNumber: `T-${now.getTime()}`,
    ...ticket,
    status: 'open',
    originalEmailDate: now.toISOString(),
    attachments: [],
  });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSettled: () => refreshTicketData(queryClient),
  });
}
