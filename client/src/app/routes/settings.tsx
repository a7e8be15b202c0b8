import { useLocation } from 'wouter';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { TwoStepCard } from '@/features/auth/components/two-step-card';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { settingsSectionAt } from '@/features/settings/lib/settings-sections';
import NotFoundRoute from './not-found';

/** Every section of Settings routes here (signed-in-routes.tsx); the URL says which one shows. */
export default function SettingsRoute() {
  const [location] = useLocation();
  const { user } = useCurrentUser();
  const section = settingsSectionAt(location);
  if (!section) return <NotFoundRoute />;
  const isAdmin = user?.role === 'admin';
  return (
    <SettingsPage
      section={section}
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
