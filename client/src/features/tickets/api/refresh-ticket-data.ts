import type { QueryClient } from '@tanstack/react-query';
import { GROUPS_KEY } from '@/lib/groups';
import { ticketKeys } from './ticket-keys';

/**
 * What a ticket change makes stale besides the tickets themselves (spec §7): the dashboard stats,
 * the per-user ticket counts and (issue 39) the groups' open counts. Features never import each
 * other, so these are named by their URLs, which is what every query key here starts with (the
 * groups' is the shared lib's).
 */
const DASHBOARD_STATS_KEY = ['/api/dashboard/stats'] as const;
const TICKET_COUNTS_KEY = ['/api/users', 'ticket-counts'] as const;

export function refreshTicketData(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
    queryClient.invalidateQueries({ queryKey: DASHBOARD_STATS_KEY }),
    queryClient.invalidateQueries({ queryKey: TICKET_COUNTS_KEY }),
    queryClient.invalidateQueries({ queryKey: GROUPS_KEY }),
  ]).then(() => undefined);
}
