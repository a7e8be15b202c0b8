import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { ReportsPage } from '@/features/reports/components/reports-page';

/** The reports feature's page; an admin is offered the way to Settings → Ticket Fields from By Field. */
export default function ReportsRoute() {
  const { user } = useCurrentUser();
  return <ReportsPage isAdmin={user?.role === 'admin'} />;
}
