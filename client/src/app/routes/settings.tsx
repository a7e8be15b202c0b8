import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { SettingsPage } from '@/features/settings/components/settings-page';

export default function SettingsRoute() {
  const { user } = useCurrentUser();
  return <SettingsPage canManageHarvest={user?.role === 'admin'} />;
}
