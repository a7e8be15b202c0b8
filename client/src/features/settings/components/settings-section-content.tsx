import type { ReactNode } from 'react';
import type { SettingsSectionId } from '../lib/settings-sections';
import { CannedResponsesCard } from './canned-responses-card';
import { ChangePasswordCard } from './change-password-card';
import { EmailSettingsCard } from './email-settings-card';
import { GroupsCard } from './groups-card';
import { HarvestIntegrationCard } from './harvest-integration-card';
import { ApiTokensCard, TeamApiTokensCard } from './api-tokens-card';
import { LoanSettingsCard } from './loan-settings-card';
import { PortalCard } from './portal-card';
import { RegistrationCard } from './registration-card';
import { RulesCard } from './rules-card';
import { SecurityEventsCard } from './security-events-card';
import { SessionsCard } from './sessions-card';
import { SlaSettingsCard } from './sla-settings-card';
import { TeamCard } from './team-card';
import { TicketDeletionCard } from './ticket-deletion-card';
import { TicketFieldsCard } from './ticket-fields-card';
import { WebhooksCard } from './webhooks-card';

export interface SettingsCardsProps {
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
  /** Admins manage team canned responses and the SLA settings, and read the security events. */
  isAdmin: boolean;
  /** Cards of other features about the user's own account (Two-Step Sign-In), after Sessions. */
  accountCards?: ReactNode;
}

/** The cards of one section of Settings; who may open the section at all is the page's to check. */
export function SettingsSectionContent({
  section,
  canManageHarvest,
  canManageEmail,
  userEmail,
  canManageTeam,
  userId,
  isAdmin,
  accountCards,
}: SettingsCardsProps & { section: SettingsSectionId }) {
  switch (section) {
    case 'account':
      // Spec §2: "/settings" shows two cards, Change Password and Harvest Integration.
      return (
        <>
          <ChangePasswordCard />
          <HarvestIntegrationCard canManage={canManageHarvest} />
        </>
      );
    case 'security':
      return (
        <>
          <SessionsCard />
          {accountCards}
          <ApiTokensCard />
          {isAdmin && <SecurityEventsCard />}
        </>
      );
    case 'email':
      return <EmailSettingsCard canManage={canManageEmail} userEmail={userEmail} />;
    case 'canned-responses':
      return <CannedResponsesCard isAdmin={isAdmin} userId={userId} />;
    case 'team':
      return (
        canManageTeam && (
          <>
            <RegistrationCard />
            <TeamCard currentUserId={userId} />
            {isAdmin && <TeamApiTokensCard />}
          </>
        )
      );
    case 'sla':
      return isAdmin && <SlaSettingsCard />;
    case 'tickets':
      // Admins decide it, as they do email: the same role (issue 26). Issue 42: admins decide what an
      // overdue loan does to its ticket and its requester.
      return (
        <>
          <TicketDeletionCard canManage={canManageEmail} />
          {isAdmin && <LoanSettingsCard />}
        </>
      );
    case 'ticket-fields':
      // Issue 38: admins define the fields; everyone fills them in on tickets.
      return isAdmin && <TicketFieldsCard />;
    case 'groups':
      // Issue 39: admins define the groups; everyone puts tickets in them.
      return isAdmin && <GroupsCard />;
    case 'rules':
      // Issue 40: admins write the rules; they act on everyone's tickets.
      return isAdmin && <RulesCard />;
    case 'portal':
      // Issue 41: admins open the requesters' portal and decide who opens tickets there.
      return isAdmin && <PortalCard />;
    case 'webhooks':
      // Issue 43: admins send events to other systems.
      return isAdmin && <WebhooksCard />;
  }
}
