import { CLOSED_TICKET_STATUSES, TICKET_STATUSES } from '@shared/constants';
import type { UserTicketCount } from '@shared/contracts/users';
import type { Database } from '../../db/client';
import { countAssignedTicketsPerUser } from './users.repository';

/** Tickets still needing work: every status that is not a closed one (open and in_progress). */
export const ACTIVE_TICKET_STATUSES = TICKET_STATUSES.filter(
  (status) => !(CLOSED_TICKET_STATUSES as readonly string[]).includes(status),
);

/**
 * Active tickets assigned to each active user, users with none included (with 0); every account
 * with `includeDeactivated` (the Team page). Those of `hiddenGroupIds` are not counted (issue 39: the
 * private groups the caller may not see).
 */
export function activeTicketCounts(
  db: Database,
  options: { includeDeactivated?: boolean; hiddenGroupIds?: readonly string[] } = {},
): Promise<UserTicketCount[]> {
  return countAssignedTicketsPerUser(db, ACTIVE_TICKET_STATUSES, options);
}
