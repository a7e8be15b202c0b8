import { useHeaderSearch } from '@/components/layout/app-shell-context';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { TicketList } from '@/features/tickets/components/ticket-list';

/** The dashboard feature's page around the tickets feature's list, which takes the header search. */
export default function DashboardRoute() {
  const [search] = useHeaderSearch();
  const { user } = useCurrentUser();
  return <DashboardPage ticketList={<TicketList searchQuery={search} isAdmin={user?.role === 'admin'} />} />;
}
