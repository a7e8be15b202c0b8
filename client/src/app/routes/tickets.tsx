import { useSearchParams } from 'wouter';
import { ASSIGNED_TO_PARAM } from '@/lib/paths';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { TicketsPage } from '@/features/tickets/components/tickets-page';
import { SaveViewButton } from '@/features/views/components/save-view-button';

export default function TicketsRoute() {
  const { user } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const isAdmin = user?.role === 'admin';
  return (
    <TicketsPage
      assignedTo={searchParams.get(ASSIGNED_TO_PARAM) ?? undefined}
      currentUserId={user?.id}
      isAdmin={isAdmin}
      // Save View is the Views feature's (issue 26); the list only says which query it shows.
      renderSaveView={(query) => <SaveViewButton query={query} isAdmin={isAdmin} />}
    />
  );
}
