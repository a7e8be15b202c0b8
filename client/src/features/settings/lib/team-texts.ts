import type { UserRole } from '@shared/constants';
import { ROLE_IN_SENTENCE } from '@shared/contracts/team';

/** The words of the Team card (Settings, admins only). */
export const TEAM_TEXTS = {
  title: 'Team',
  description: 'Everyone with an account: change a role, or deactivate someone who left.',
  members: 'Members',
  name: 'Name',
  email: 'Email',
  role: 'Role',
  status: 'Status',
  lastSignIn: 'Last Sign-In',
  openTickets: 'Open Tickets',
  actions: 'Actions',
  never: 'Never',
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
  deactivateTitle: 'Deactivate Member',
  deactivateQuestion: (name: string) =>
    `Deactivate ${name}? They are signed out at once and can no longer sign in. Their tickets, notes and time entries keep their name.`,
  cancel: 'Cancel',
  roleChanged: (name: string, role: UserRole) => `${name} is now ${ROLE_IN_SENTENCE[role]}`,
  deactivated: (name: string) => `${name} was deactivated`,
  reactivated: (name: string) => `${name} was reactivated`,
  updateFailed: 'Failed to update team member',
  loadFailed: 'The team could not be loaded.',
  invitationsTitle: 'Pending Invitations',
  noInvitations: 'No pending invitations.',
  invited: 'Invited',
  expires: 'Expires',
  revoke: 'Revoke',
  revoked: (email: string) => `The invitation for ${email} was revoked`,
  revokeFailed: 'Failed to revoke the invitation',
  invite: 'Invite Member',
  inviteDescription: 'They get a link to create their account. It works once, for 7 days.',
  firstNameOptional: 'First Name (Optional)',
  lastNameOptional: 'Last Name (Optional)',
  createInvitation: 'Create Invitation',
  creatingInvitation: 'Creating Invitation...',
  inviteFailed: 'Failed to create the invitation',
  invitationLink: 'Invitation Link',
  linkEmailed: (email: string) => `The link is also on its way to ${email} by email.`,
  linkNotEmailed: (email: string) =>
    `Email is not set up, so nothing was sent: give this link to ${email} yourself.`,
  linkShownOnce: 'This link is shown only now.',
  copyLink: 'Copy Link',
  copied: 'Link copied',
  done: 'Done',
  resetPassword: 'Reset Password',
  resetPasswordLabel: (name: string) => `Make a password reset link for ${name}`,
  resetLinkTitle: 'Password Reset Link',
  resetLinkDescription: (name: string) =>
    `Give this link to ${name}. It works once, for 1 hour, and signs them out everywhere once used. This link is shown only now.`,
  resetLinkFailed: 'Failed to make a reset link',
} as const;

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO instant as "Nov 27, 2026, 11:15 AM" in the browser's time zone. */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
