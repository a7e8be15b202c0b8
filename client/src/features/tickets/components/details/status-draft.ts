import { useState } from 'react';
import { MANUAL_TICKET_STATUSES, type TicketPriority, type TicketStatus } from '@shared/constants';
import type { Ticket } from '@shared/contracts/tickets';
import type { TicketChanges } from '../../api/update-ticket';

export type ManualStatus = (typeof MANUAL_TICKET_STATUSES)[number];

export const isManualStatus = (status: TicketStatus): status is ManualStatus =>
  (MANUAL_TICKET_STATUSES as readonly TicketStatus[]).includes(status);

/** What the Status Management selects hold. status is null for closed_with_harvest, which no one sets by hand. */
export interface StatusDraft {
  status: ManualStatus | null;
  assignedTo: string | null;
  priority: TicketPriority;
}

export function draftFromTicket(ticket: Ticket): StatusDraft {
  return {
    status: isManualStatus(ticket.status) ? ticket.status : null,
    assignedTo: ticket.assignedTo,
    priority: ticket.priority,
  };
}

/**
 * Only what differs from the ticket: an untouched field is not sent, so saving a priority does not
 * restamp the assignment, and an unchanged ticket is not "updated" under the other agents' eyes.
 */
export function changedFields(ticket: Ticket, draft: StatusDraft): TicketChanges {
  const changes: TicketChanges = {};
  if (draft.status !== null && draft.status !== ticket.status) changes.status = draft.status;
  if (draft.assignedTo !== ticket.assignedTo) changes.assignedTo = draft.assignedTo;
  if (draft.priority !== ticket.priority) changes.priority = draft.priority;
  return changes;
}

/** The draft, started again from the ticket whenever a newer version of it arrives (a refresh or a save). */
export function useStatusDraft(ticket: Ticket) {
  const [draft, setDraft] = useState(() => draftFromTicket(ticket));
  const [version, setVersion] = useState(ticket.updatedAt);
  if (version !== ticket.updatedAt) {
    setVersion(ticket.updatedAt);
    setDraft(draftFromTicket(ticket));
  }
  const change = (next: Partial<StatusDraft>) => setDraft((current) => ({ ...current, ...next }));
  return { draft, change, changes: changedFields(ticket, draft) };
}
