import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { TwoStepCard } from '@/features/auth/components/two-step-card';
import { SettingsPage } from '@/features/settings/components/settings-page';

export default function SettingsRoute() {
  const { user } = useCurrentUser();
  const isAdmin = user?.role === 'admin';
  return (
    <SettingsPage
      canManageHarvest={isAdmin}
      canManageEmail={isAdmin}
      userEmail={user?.email ?? ''}
      canManageTeam={isAdmin}
      userId={user?.id ?? ''}
      isAdmin={isAdmin}
      accountCards={<TwoStepCard />}
    />
  );
}
