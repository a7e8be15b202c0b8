import type { ReactNode } from 'react';
import { usePageTitle } from '@/components/layout/app-shell-context';
import { DashboardStats } from './dashboard-stats';
import { TeamStatus } from './team-status';

/**
 * The Dashboard: stat cards, Team Status and, below, the ticket list. Features never import each
 * other, so the route passes the tickets feature's list in as `ticketList`.
 */
export function DashboardPage({ ticketList }: { ticketList: ReactNode }) {
  usePageTitle('Dashboard');
  return (
    <section aria-label="Dashboard" className="space-y-6">
      <DashboardStats />
      <TeamStatus />
      {ticketList}
    </section>
  );
}
