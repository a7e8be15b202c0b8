/** Query keys of the dashboard: the stats and the team's users and ticket counts. */
export const dashboardKeys = {
  stats: () => ['/api/dashboard/stats'] as const,
  ticketCounts: () => ['/api/users', 'ticket-counts'] as const,
};
