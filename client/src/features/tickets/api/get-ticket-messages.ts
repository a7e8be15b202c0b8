import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketMessage, TicketMessagesResponse } from '@shared/contracts/messages';
import { apiGet } from '@/lib/api-client';
import { ticketUrl } from './get-ticket';
import { ticketKeys } from './ticket-keys';

/** While a reply waits for the SMTP server, the conversation asks this often how it went. */
export const CONVERSATION_DELIVERY_POLL_MS = 2_500;

/** A reply the worker has not finished with: queued (maybe after a transient failure) or sending. */
export const isAwaitingDelivery = (message: TicketMessage) =>
  message.direction === 'outbound' && (message.status === 'queued' || message.status === 'sending');

/** GET /api/tickets/:id/messages: the original message first, then every later one, oldest first. */
export const getTicketMessages = (id: string, signal?: AbortSignal) =>
  apiGet<TicketMessagesResponse>(`${ticketUrl(id)}/messages`, { signal });

export const ticketMessagesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ticketKeys.messages(id),
    queryFn: ({ signal }) => getTicketMessages(id, signal),
    // As the ticket itself: a detail opened again shows the conversation as it is now.
    refetchOnMount: 'always',
    // Quick polls only while a reply is on its way, so "Queued" turns into "Sent" on its own; other
    // changes (a new email) arrive with the ticket's own update check (use-refresh-ticket.ts).
    refetchInterval: (query) =>
      query.state.data?.messages.some(isAwaitingDelivery) ? CONVERSATION_DELIVERY_POLL_MS : false,
  });

export function useTicketMessages(id: string) {
  return useQuery({ ...ticketMessagesQueryOptions(id), select: (data) => data.messages });
}
