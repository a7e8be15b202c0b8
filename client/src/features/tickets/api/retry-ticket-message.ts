import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketMessageResponse } from '@shared/contracts/messages';
import { apiSend } from '@/lib/api-client';
import { storeTicketMessage } from './send-ticket-reply';

export interface RetryTicketMessageVariables {
  ticketId: string;
  messageId: string;
}

/** POST /api/messages/:id/retry (200): a failed reply is queued again; anything else is a 409/400. */
export const retryTicketMessage = ({ messageId }: RetryTicketMessageVariables) =>
  apiSend<TicketMessageResponse>('POST', `/api/messages/${encodeURIComponent(messageId)}/retry`);

export function useRetryTicketMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryTicketMessage,
    onSuccess: (data, { ticketId }) => storeTicketMessage(queryClient, ticketId, data.message),
  });
}
