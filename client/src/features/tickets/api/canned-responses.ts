import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplyResponseResult, CannedResponsesResponse } from '@shared/contracts/canned-responses';
import type { TicketResponse } from '@shared/contracts/tickets';
import { apiGet, apiSend } from '@/lib/api-client';
import { ticketUrl } from './get-ticket';
import { refreshTicketData } from './refresh-ticket-data';
import { ticketKeys } from './ticket-keys';

const URL = '/api/canned-responses';

/**
 * GET /api/canned-responses: the responses the agent may use, most used first. Keyed by the URL, so
 * the Settings card (another feature) and this picker share entries; read afresh when the picker opens.
 */
export function useCannedResponses(enabled: boolean) {
  return useQuery({
    queryKey: [URL, ''],
    queryFn: ({ signal }) => apiGet<CannedResponsesResponse>(URL, { signal }),
    enabled,
    staleTime: 0,
    select: (data) => data.responses,
  });
}

/** POST /api/tickets/:id/apply-response: the rendered body, and the ticket after the actions. */
export const applyCannedResponse = ({ ticketId, responseId }: { ticketId: string; responseId: string }) =>
  apiSend<ApplyResponseResult>('POST', `${ticketUrl(ticketId)}/apply-response`, { responseId });

export function useApplyCannedResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyCannedResponse,
    onSuccess: (result, { ticketId }) => {
      queryClient.setQueryData<TicketResponse>(ticketKeys.detail(ticketId), { ticket: result.ticket });
      // Its actions may change the lists and counts; its use changes the picker's order.
      void refreshTicketData(queryClient);
      void queryClient.invalidateQueries({ queryKey: [URL] });
    },
  });
}
