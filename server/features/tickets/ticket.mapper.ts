import {
  DEFAULT_TICKET_PRIORITY,
  DEFAULT_TICKET_STATUS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketPriority,
  type TicketStatus,
} from '@shared/constants';
import type { Ticket, TicketDetail } from '@shared/contracts/tickets';
import type { TicketRow } from '@shared/schema';
import { bodyToText } from './body-text';

/** A ticket row with its assignee's name from the left join (all null when unassigned). */
export interface TicketWithAssigneeRow extends TicketRow {
  assigneeId: string | null;
  assigneeFirstName: string | null;
  assigneeLastName: string | null;
}

const isStatus = (value: string): value is TicketStatus =>
  (TICKET_STATUSES as readonly string[]).includes(value);
const isPriority = (value: string): value is TicketPriority =>
  (TICKET_PRIORITIES as readonly string[]).includes(value);

const iso = (time: Date | null) => (time ? time.toISOString() : null);

/** The only shape in which a ticket leaves the server. */
export function toTicket(row: TicketWithAssigneeRow): Ticket {
  return {
    id: row.id,
    ticketNumber: row.ticketNumber,
    subject: row.subject,
    body: row.body,
    fromEmail: row.fromEmail,
    fromName: row.fromName,
    // The columns are varchar; only validated values are written, the fallbacks guard old data.
    status: isStatus(row.status) ? row.status : DEFAULT_TICKET_STATUS,
    priority: isPriority(row.priority) ? row.priority : DEFAULT_TICKET_PRIORITY,
    assignedTo: row.assignedTo,
    assignedAt: iso(row.assignedAt),
    lastUpdatedBy: row.lastUpdatedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    closedAt: iso(row.closedAt),
    timeSpent: row.timeSpent,
    harvestTimeEntryId: row.harvestTimeEntryId,
    notes: row.notes,
    originalEmailDate: iso(row.originalEmailDate),
    attachments: row.attachments,
    assignedUser: row.assigneeId
      ? { firstName: row.assigneeFirstName, lastName: row.assigneeLastName }
      : null,
  };
}

/** A ticket answered on its own: with the body as plain text for the detail's Message (spec §2). */
export function toTicketDetail(row: TicketWithAssigneeRow): TicketDetail {
  return { ...toTicket(row), bodyText: bodyToText(row.body) };
}
