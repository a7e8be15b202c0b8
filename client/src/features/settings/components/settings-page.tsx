import { usePageTitle } from '@/components/layout/app-shell-context';
import { CannedResponsesCard } from './canned-responses-card';
import { ChangePasswordCard } from './change-password-card';
import { EmailSettingsCard } from './email-settings-card';
import { HarvestIntegrationCard } from './harvest-integration-card';
import { SlaSettingsCard } from './sla-settings-card';

interface SettingsPageProps {
  /** Only admins may change the Harvest credentials; the route reads the role from the signed-in user. */
  canManageHarvest: boolean;
  /** Only admins may change the email (SMTP) settings. */
  canManageEmail: boolean;
  /** The signed-in user's address: an admin's test email goes there. */
  userEmail: string;
  /** The signed-in user: their own canned responses, and the team's when an admin. */
  userId: string;
  isAdmin: boolean;
}

/** Change Password and Harvest Integration (spec §2 Settings), then Email, then Canned Responses. */
export function SettingsPage({
  canManageHarvest,
  canManageEmail,
  userEmail,
  userId,
  isAdmin,
}: SettingsPageProps) {
  usePageTitle('Settings');
  return (
    <section aria-label="Settings" className="grid items-start gap-6 lg:grid-cols-2">
      <ChangePasswordCard />
      <HarvestIntegrationCard canManage={canManageHarvest} />
      <EmailSettingsCard canManage={canManageEmail} userEmail={userEmail} />
      <CannedResponsesCard isAdmin={isAdmin} userId={userId} />
      {isAdmin && <SlaSettingsCard />}
    </section>
  );
}
