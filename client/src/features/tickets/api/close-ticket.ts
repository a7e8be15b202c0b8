import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CloseTicketInput, CloseTicketResponse } from '@shared/contracts/time';
import { apiSend } from '@/lib/api-client';
import { isSessionExpiredError } from '@/components/session-expiry';
import { ticketUrl } from './get-ticket';
import { refreshTicketData } from './refresh-ticket-data';

/** The time entry lists and summary read the new entry; named by URL, as features never import each other. */
const TIME_ENTRIES_KEY = ['/api/time-entries'] as const;

export interface CloseTicketVariables {
  id: string;
  input: CloseTicketInput;
}

/**
 * POST /api/tickets/:id/close: closes the ticket and stores its time entry in one transaction, then
 * pushes the entry to Harvest; once Harvest has it the ticket is closed_with_harvest.
 */
export const closeTicket = ({ id, input }: CloseTicketVariables) =>
  apiSend<CloseTicketResponse>('POST', `${ticketUrl(id)}/close`, input);

export function useCloseTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeTicket,
    // Not awaited: the card unmounts as soon as the refetched ticket reads closed, and the caller's
    // toast and dialog close must not wait for the lists. After a 401 nothing is refetched, or the
    // refetch's own 401 would cut the Unauthorized toast short with an immediate redirect.
    onSettled: (_data, error) => {
      if (isSessionExpiredError(error)) return;
      void refreshTicketData(queryClient);
      void queryClient.invalidateQueries({ queryKey: TIME_ENTRIES_KEY });
    },
  });
}
