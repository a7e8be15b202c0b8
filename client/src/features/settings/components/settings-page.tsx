import type { ReactNode } from 'react';
import { usePageTitle } from '@/components/layout/app-shell-context';
import { CannedResponsesCard } from './canned-responses-card';
import { ChangePasswordCard } from './change-password-card';
import { EmailSettingsCard } from './email-settings-card';
import { HarvestIntegrationCard } from './harvest-integration-card';
import { SlaSettingsCard } from './sla-settings-card';
import { RegistrationCard } from './registration-card';
import { SessionsCard } from './sessions-card';
import { TeamCard } from './team-card';
import { TicketDeletionCard } from './ticket-deletion-card';

interface SettingsPageProps {
  /** Only admins may change the Harvest credentials; the route reads the role from the signed-in user. */
  canManageHarvest: boolean;
  /** Only admins may change the email (SMTP) settings. */
  canManageEmail: boolean;
  /** The signed-in user's address: an admin's test email goes there. */
  userEmail: string;
  /** Only admins see the Team card (accounts, roles, deactivation). */
  canManageTeam: boolean;
  /** The signed-in user's id: the Team card marks their own row; their own canned responses. */
  userId: string;
  /** Admins manage team canned responses and the SLA settings. */
  isAdmin: boolean;
  /** Cards of other features about the user's own account (Two-Step Sign-In), after Sessions. */
  accountCards?: ReactNode;
}

/**
 * Change Password and Harvest Integration (spec §2 Settings), then Email, the user's sessions and
 * two-step sign-in, Canned Responses, and for admins Registration, Team and the SLA settings.
 */
export function SettingsPage({
  canManageHarvest,
  canManageEmail,
  userEmail,
  canManageTeam,
  userId,
  isAdmin,
  accountCards,
}: SettingsPageProps) {
  usePageTitle('Settings');
  return (
    <section aria-label="Settings" className="grid items-start gap-6 lg:grid-cols-2">
      <ChangePasswordCard />
      <HarvestIntegrationCard canManage={canManageHarvest} />
      <EmailSettingsCard canManage={canManageEmail} userEmail={userEmail} />
      <SessionsCard />
      {accountCards}
      <CannedResponsesCard isAdmin={isAdmin} userId={userId} />
      {canManageTeam && <RegistrationCard />}
      {canManageTeam && <TeamCard currentUserId={userId} />}
      {isAdmin && <SlaSettingsCard />}
      {/* Admins decide it, as they do email: the same role (issue 26). */}
      <TicketDeletionCard canManage={canManageEmail} />
    </section>
  );
}
