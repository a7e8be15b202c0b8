import { useQuery } from '@tanstack/react-query';
import { DEFAULT_TICKET_DELETION, type TicketDeletionSetting } from '@shared/contracts/settings';
import { apiGet } from '@/lib/api-client';

/**
 * Who may delete tickets (issue 26), from GET /api/settings/ticket_deletion. The key is the URL's, as
 * the settings feature names it, so saving the setting there updates the list's Delete buttons here.
 */
export const ticketDeletionKey = ['/api/settings', 'ticket_deletion'] as const;

export function useTicketDeletionSetting(): TicketDeletionSetting {
  const { data } = useQuery({
    queryKey: ticketDeletionKey,
    queryFn: ({ signal }) => apiGet<TicketDeletionSetting>('/api/settings/ticket_deletion', { signal }),
  });
  // Until it is read: the spec's behaviour; the server refuses a delete it does not allow anyway.
  return data ?? DEFAULT_TICKET_DELETION;
}

/** Whether the caller may delete tickets under the setting. */
export function useCanDeleteTickets(isAdmin: boolean): boolean {
  const { allowed } = useTicketDeletionSetting();
  return isAdmin || allowed === 'everyone';
}
