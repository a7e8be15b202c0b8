import type { UserSummary } from '@shared/contracts/users';
import type { Database } from '../../db/client';
import { toUserSummary } from '../../core/users/user.mapper';
import { listUsers } from '../../core/users/users.repository';

/** The active users (assignee pickers, Team Status), or every account with `includeDeactivated`. */
export async function listUserSummaries(
  db: Database,
  options: { includeDeactivated?: boolean } = {},
): Promise<UserSummary[]> {
  return (await listUsers(db, options)).map(toUserSummary);
}
