import { usePageTitle } from '@/components/layout/app-shell-context';
import { ChangePasswordCard } from './change-password-card';
import { EmailSettingsCard } from './email-settings-card';
import { HarvestIntegrationCard } from './harvest-integration-card';
import { TicketDeletionCard } from './ticket-deletion-card';

interface SettingsPageProps {
  /** Only admins may change the Harvest credentials; the route reads the role from the signed-in user. */
  canManageHarvest: boolean;
  /** Only admins may change the email (SMTP) settings. */
  canManageEmail: boolean;
  /** The signed-in user's address: an admin's test email goes there. */
  userEmail: string;
}

/** Change Password and Harvest Integration (spec §2 Settings), then Email. */
export function SettingsPage({ canManageHarvest, canManageEmail, userEmail }: SettingsPageProps) {
  usePageTitle('Settings');
  return (
    <section aria-label="Settings" className="grid items-start gap-6 lg:grid-cols-2">
      <ChangePasswordCard />
      <HarvestIntegrationCard canManage={canManageHarvest} />
      <EmailSettingsCard canManage={canManageEmail} userEmail={userEmail} />
      {/* Admins decide it, as they do email: the same role (issue 26). */}
      <TicketDeletionCard canManage={canManageEmail} />
    </section>
  );
}
