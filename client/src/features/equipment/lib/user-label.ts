import type { UserSummary } from '@shared/contracts/users';
import { UNASSIGNED_LABEL, UNKNOWN_USER_LABEL, userName } from '@/lib/users';

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
  return user ? userName(user) : UNKNOWN_USER_LABEL;
}
