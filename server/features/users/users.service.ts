import { CLOSED_TICKET_STATUSES, TICKET_STATUSES } from '@shared/constants';
import type { UserSummary, UserTicketCount } from '@shared/contracts/users';
import type { Database } from '../../db/client';
import { toUserSummary } from './user.mapper';
import { countAssignedTicketsPerUser, listUsers } from './users.repository';

/** Tickets still needing work: every status that is not a closed one (open and in_progress). */
export const ACTIVE_TICKET_STATUSES = TICKET_STATUSES.filter(
  (status) => !(CLOSED_TICKET_STATUSES as readonly string[]).includes(status),
);

export async function listUserSummaries(db: Database): Promise<UserSummary[]> {
  return (await listUsers(db)).map(toUserSummary);
}

/** Active tickets assigned to each user, users with none included (with 0). */
export function activeTicketCounts(db: Database): Promise<UserTicketCount[]> {
  return countAssignedTicketsPerUser(db, ACTIVE_TICKET_STATUSES);
}
