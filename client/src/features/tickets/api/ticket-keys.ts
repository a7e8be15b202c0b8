import type { TicketListFilters } from '@shared/contracts/tickets';

/**
 * Query keys of the tickets feature. Keys start with the URL's path segments, so a shorter key
 * invalidates everything below it: after any ticket mutation, `ticketKeys.all` refreshes the lists
 * and open tickets alike.
 */
export const ticketKeys = {
  all: ['/api/tickets'] as const,
  lists: () => [...ticketKeys.all, 'list'] as const,
  list: (filters: Partial<TicketListFilters>) => [...ticketKeys.lists(), filters] as const,
  detail: (id: string) => [...ticketKeys.all, id] as const,
  checkUpdates: (id: string, since: string) => [...ticketKeys.detail(id), 'check-updates', since] as const,
  /** The email conversation; below the ticket, so invalidating the ticket refreshes it too. */
  messages: (id: string) => [...ticketKeys.detail(id), 'messages'] as const,
  /** The ticket's history (issue 26); below the ticket, so any change to it refreshes the log. */
  activity: (id: string) => [...ticketKeys.detail(id), 'activity'] as const,
  /**
   * Whether email is set up (the Reply card), from the settings URL: the settings feature reads the
   * same entry, so saving the settings there updates the card here.
   */
  emailSettings: () => ['/api/settings', 'email'] as const,
};
