import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { TimeTrackingPage } from '@/features/time/components/time-tracking-page';

export default function TimeTrackingRoute() {
  const { user } = useCurrentUser();
  return <TimeTrackingPage userId={user?.id} isAdmin={user?.role === 'admin'} />;
}
