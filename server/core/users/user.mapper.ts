import type { PublicUser } from '@shared/contracts/auth';
import type { UserSummary } from '@shared/contracts/users';
import { USER_ROLES, type UserRole } from '@shared/constants';

export interface UserProfileRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: string;
  /** False for a deactivated account: requireAuth refuses its sessions. */
  active: boolean;
}

/**
 * The signed-in user as requireAuth reads them with the session: the profile, and whether they must
 * set two-step sign-in up before anything else (admins require it and they have not).
 */
export interface SessionUserRow extends UserProfileRow {
  totpSetupDue: boolean;
}

/**
 * A user named by joined columns (a ticket's last updater, an event's actor), or null when the join
 * found nobody (no such person, or the account was deleted).
 */
export const joinedUser = (id: string | null, firstName: string | null, lastName: string | null) =>
  id ? { id, firstName, lastName } : null;

export function fullName(user: { firstName: string | null; lastName: string | null }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
}

/** The only shape in which a user leaves the server. */
export function toPublicUser(row: UserProfileRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    name: fullName(row) || row.email,
    profileImageUrl: row.profileImageUrl,
    role: (USER_ROLES as readonly string[]).includes(row.role) ? (row.role as UserRole) : 'agent',
  };
}

/** A user as the user lists show it: the public shape without the role. */
export function toUserSummary(row: UserProfileRow): UserSummary {
  const { role: _role, ...summary } = toPublicUser(row);
  return summary;
}
