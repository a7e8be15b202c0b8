import { usePageTitle } from '@/components/layout/app-shell-context';
import { ChangePasswordCard } from './change-password-card';
import { HarvestIntegrationCard } from './harvest-integration-card';

interface SettingsPageProps {
  /** Only admins may change the Harvest credentials; the route reads the role from the signed-in user. */
  canManageHarvest: boolean;
}

/** Change Password and Harvest Integration (spec §2 Settings). */
export function SettingsPage({ canManageHarvest }: SettingsPageProps) {
  usePageTitle('Settings');
  return (
    <section aria-label="Settings" className="grid items-start gap-6 lg:grid-cols-2">
      <ChangePasswordCard />
      <HarvestIntegrationCard canManage={canManageHarvest} />
    </section>
  );
}
