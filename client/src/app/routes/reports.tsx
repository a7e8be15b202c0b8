import { useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@shared/contracts/auth';
import { authKeys } from '@/features/auth/api/auth-keys';
import { ReportsPage } from '@/features/reports/components/reports-page';

/**
 * The reports feature's page; an admin is offered the way to Settings → Ticket Fields from By Field.
 * The signed-in user is read from the cache the router filled before any page shows (rather than
 * through useCurrentUser, whose import from this chunk moved query code into the sign-in page's).
 */
export default function ReportsRoute() {
  const user = useQueryClient().getQueryData<PublicUser | null>(authKeys.currentUser());
  return <ReportsPage isAdmin={user?.role === 'admin'} />;
}
