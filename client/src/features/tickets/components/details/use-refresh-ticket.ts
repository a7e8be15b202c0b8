import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ticketKeys } from '../../api/ticket-keys';

/**
 * Refetches the shown ticket and its email conversation now (exact keys: the lists have their own
 * poll). A new email reaches an open detail this way: it changes the ticket, the update check sees it.
 */
export function useRefreshTicket(ticketId: string | null): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    if (ticketId === null) return;
    await Promise.all([
      queryClient.refetchQueries({ queryKey: ticketKeys.detail(ticketId), exact: true }),
      queryClient.refetchQueries({ queryKey: ticketKeys.messages(ticketId), exact: true }),
    ]);
  }, [queryClient, ticketId]);
}
