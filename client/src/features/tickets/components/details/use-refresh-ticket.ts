import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ticketKeys } from '../../api/ticket-keys';

/** Refetches the shown ticket now (exact key: the lists have their own poll). */
export function useRefreshTicket(ticketId: string | null): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    if (ticketId === null) return;
    await queryClient.refetchQueries({ queryKey: ticketKeys.detail(ticketId), exact: true });
  }, [queryClient, ticketId]);
}
