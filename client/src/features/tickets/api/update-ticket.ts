import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TicketResponse, updateTicketSchema } from '@shared/contracts/tickets';
import type { CustomFieldValue } from '@shared/contracts/ticket-fields';
import { apiSend } from '@/lib/api-client';
import { TAGS_KEY } from '@/lib/ticket-fields';
import { isSessionExpiredError } from '@/components/session-expiry';
import { ticketUrl } from './get-ticket';
import { refreshTicketData } from './refresh-ticket-data';
import { ticketKeys } from './ticket-keys';

/** What Status Management changes (the group too, issue 39); notes go through POST /api/tickets/:id/notes instead. */
export type TicketChanges = Pick<
  z.input<typeof updateTicketSchema>,
  'status' | 'priority' | 'assignedTo' | 'groupId'
>;

/** What the detail saves on its own, outside Status Management (issue 38): the whole set of tags, or changed values. */
export interface TicketEdits extends TicketChanges {
  tags?: string[];
  customFields?: Record<string, CustomFieldValue | null>;
}

export interface UpdateTicketVariables {
  id: string;
  changes: TicketEdits;
}

/** PUT /api/tickets/:id: a partial change; the server records the caller as lastUpdatedBy. */
export const updateTicket = ({ id, changes }: UpdateTicketVariables) =>
  apiSend<TicketResponse>('PUT', ticketUrl(id), changes);

export function useUpdateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTicket,
    // The answer is the saved ticket: show it at once instead of waiting for the refetch.
    onSuccess: (data) => queryClient.setQueryData(ticketKeys.detail(data.ticket.id), data),
    // After a 401 nothing is refetched: the refetches' own 401s would end the page before the
    // Unauthorized toast of the refused save is shown.
    onSettled: (_data, error, variables) => {
      if (isSessionExpiredError(error)) return;
      // The autocomplete's counts follow the tags saved.
      if (variables.changes.tags) void queryClient.invalidateQueries({ queryKey: TAGS_KEY });
      return refreshTicketData(queryClient);
    },
  });
}
