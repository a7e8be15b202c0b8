import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SendReplyResponse, TicketMessage, TicketMessagesResponse } from '@shared/contracts/messages';
import { ApiError, apiSend } from '@/lib/api-client';
import { isSessionExpiredError } from '@/components/session-expiry';
import { ticketUrl } from './get-ticket';
import { refreshTicketData } from './refresh-ticket-data';
import { ticketKeys } from './ticket-keys';

export interface SendTicketReplyVariables {
  id: string;
  body: string;
  files: readonly File[];
}

/**
 * POST /api/tickets/:id/messages (201): JSON {body} without files, else multipart/form-data with the
 * text in `body` and each file under `files`. The server stores the reply as queued and a worker
 * hands it to the SMTP server; 503 while email is not set up, 413 when the files are too large.
 */
export function sendTicketReply({ id, body, files }: SendTicketReplyVariables) {
  const url = `${ticketUrl(id)}/messages`;
  if (files.length === 0) return apiSend<SendReplyResponse>('POST', url, { body });
  const form = new FormData();
  form.append('body', body);
  for (const file of files) form.append('files', file, file.name);
  return apiSend<SendReplyResponse>('POST', url, form);
}

/** Puts a message the server answered with into the cached conversation (new: at the end). */
export function storeTicketMessage(queryClient: QueryClient, ticketId: string, message: TicketMessage): void {
  queryClient.setQueryData<TicketMessagesResponse>(ticketKeys.messages(ticketId), (current) => {
    if (!current) return current;
    const known = current.messages.some((entry) => entry.id === message.id);
    return {
      messages: known
        ? current.messages.map((entry) => (entry.id === message.id ? message : entry))
        : [...current.messages, message],
    };
  });
}

export function useSendTicketReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTicketReply,
    // Shown at once with its state; the conversation then polls until it is sent.
    onSuccess: (data, { id }) => storeTicketMessage(queryClient, id, data.message),
    // 503: email was switched off since the card loaded; the card then says how to set it up.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 503) {
        void queryClient.invalidateQueries({ queryKey: ticketKeys.emailSettings() });
      }
    },
    // The first reply moves an open ticket to in progress: the ticket, lists and counts refetch.
    // After a 401 nothing is refetched, or its own 401 would cut the Unauthorized toast short.
    onSettled: (_data, error) => {
      if (isSessionExpiredError(error)) return;
      void refreshTicketData(queryClient);
    },
  });
}
