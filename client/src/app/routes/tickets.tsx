import { useSearchParams } from 'wouter';
import { ASSIGNED_TO_PARAM } from '@/app/paths';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { TicketsPage } from '@/features/tickets/components/tickets-page';

export default function TicketsRoute() {
  const { user } = useCurrentUser();
  const [searchParams] = useSearchParams();
  return (
    <TicketsPage
      assignedTo={searchParams.get(ASSIGNED_TO_PARAM) ?? undefined}
      currentUserId={user?.id}
      isAdmin={user?.role === 'admin'}
    />
  );
}
