import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkUpdateTicketsInput, BulkUpdateTicketsResponse } from '@shared/contracts/tickets';
import { apiSend } from '@/lib/api-client';
import { TAGS_KEY } from '@/lib/ticket-fields';
import { refreshTicketData } from './refresh-ticket-data';

/**
 * PATCH /api/tickets/bulk: one status or assignee for every selected ticket; assignedTo null unassigns;
 * tags added or removed (issue 38).
 */
export const bulkUpdateTickets = (input: BulkUpdateTicketsInput) =>
  apiSend<BulkUpdateTicketsResponse>('PATCH', '/api/tickets/bulk', input);

export function useBulkUpdateTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateTickets,
    onSettled: (_data, _error, input) =>
      Promise.all([
        refreshTicketData(queryClient),
        // The tags' counts (and a new tag) are the autocomplete's.
        input.updates.addTags || input.updates.removeTags
          ? queryClient.invalidateQueries({ queryKey: TAGS_KEY })
          : undefined,
      ]),
  });
}
