import type { CheckUpdatesResponse } from '@shared/contracts/tickets';
import { fullName } from '@/lib/utils';

/** Who to name when the change came from no user (a sync) or from a user without a name (spec §8). */
export const ANOTHER_USER = 'Another user';

export function updaterName(updatedBy: CheckUpdatesResponse['updatedBy']): string {
  return fullName(updatedBy?.firstName, updatedBy?.lastName, ANOTHER_USER);
}

/** The poll's toast (spec §8 Tickets), word for word. */
export function ticketUpdatedToast(name: string) {
  return {
    title: 'Ticket Updated',
    description: `This ticket was recently updated by ${name}. The ticket has been refreshed automatically.`,
  } as const;
}
