import type { UserSummary } from '@shared/contracts/users';
import { fullName } from '@/lib/utils';

export const UNASSIGNED_LABEL = 'Unassigned';
export const UNKNOWN_USER_LABEL = 'Unknown User';

/** A user's full name, else their email (spec §2 Assigned To rule). */
export const userDisplayName = (user: UserSummary) => fullName(user.firstName, user.lastName) || user.email;

/**
 * The name shown for Created By and Assigned To: "Unassigned" for no user, the user's name, or
 * "Unknown User" when the id is not among the users. Undefined while the users are still loading.
 */
export function userLabel(
  userId: string | null,
  users: readonly UserSummary[] | undefined,
): string | undefined {
  if (userId === null) return UNASSIGNED_LABEL;
  if (!users) return undefined;
  const user = users.find((candidate) => candidate.id === userId);
  return user ? userDisplayName(user) : UNKNOWN_USER_LABEL;
}
