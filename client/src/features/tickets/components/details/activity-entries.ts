import { CLOSED_TICKET_STATUSES, type TicketStatus } from '@shared/constants';
import type { Ticket } from '@shared/contracts/tickets';
import { fullName } from '@/lib/utils';

export type ActivityKind = 'created' | 'assigned' | 'closed';

export interface ActivityEntry {
  kind: ActivityKind;
  title: string;
  detail: string;
  at: string;
}

export const isClosedStatus = (status: TicketStatus) =>
  (CLOSED_TICKET_STATUSES as readonly TicketStatus[]).includes(status);

function hoursTracked(timeSpent: number | null): string {
  const hours = timeSpent ?? 0;
  return `${hours} ${hours === 1 ? 'hour' : 'hours'} tracked`;
}

/** The Activity Log (spec §2): created by System, the current assignment, and the closing. */
export function activityEntries(ticket: Ticket): ActivityEntry[] {
  const entries: ActivityEntry[] = [
    { kind: 'created', title: 'Ticket created', detail: 'by System', at: ticket.createdAt },
  ];
  if (ticket.assignedTo !== null && ticket.assignedAt !== null) {
    const name = fullName(ticket.assignedUser?.firstName, ticket.assignedUser?.lastName, 'Unknown User');
    entries.push({
      kind: 'assigned',
      title: 'Ticket assigned',
      detail: `Assigned to ${name}`,
      at: ticket.assignedAt,
    });
  }
  if (isClosedStatus(ticket.status) && ticket.closedAt !== null) {
    entries.push({
      kind: 'closed',
      title: 'Ticket closed',
      detail: hoursTracked(ticket.timeSpent),
      at: ticket.closedAt,
    });
  }
  return entries;
}
