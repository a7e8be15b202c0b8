import {
  DEFAULT_TICKET_PRIORITY,
  DEFAULT_TICKET_STATUS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketPriority,
  type TicketStatus,
} from '@shared/constants';
import type { Ticket, TicketDetail, TicketListItem } from '@shared/contracts/tickets';
import type { TicketRow } from '@shared/schema';
import { toTicketSla, type SlaReadContext } from '../sla/sla-state';
import { bodyToText } from '../../lib/body-text';
import { isClosedStatus } from './ticket-changes';

/** The assignee's name from the list's and the detail's left join (all null when unassigned). */
interface AssigneeColumns {
  assigneeId: string | null;
  assigneeFirstName: string | null;
  assigneeLastName: string | null;
}

/** What a ticket row holds for its readers; the search and sort columns are for PostgreSQL alone. */
type StoredTicket = Omit<
  TicketRow,
  'assigneeSortName' | 'bodyText' | 'conversationText' | 'searchTextPending' | 'searchVector'
>;

/** A ticket row with its assignee's name. */
export interface TicketWithAssigneeRow extends StoredTicket, AssigneeColumns {}

/** A row of the ticket list: the ticket without its body and notes, with its assignee's name. */
export interface TicketListRow extends Omit<StoredTicket, 'body' | 'notes'>, AssigneeColumns {}

const isStatus = (value: string): value is TicketStatus =>
  (TICKET_STATUSES as readonly string[]).includes(value);
const isPriority = (value: string): value is TicketPriority =>
  (TICKET_PRIORITIES as readonly string[]).includes(value);

const iso = (time: Date | null) => (time ? time.toISOString() : null);

/**
 * A ticket as a row of the list (no body, no notes), before its caller's `unread` (ticket-seen.ts).
 * `sla` is the request's SLA settings and moment (sla-read-context.ts), read once per request.
 */
export function toTicketListItem(row: TicketListRow, sla: SlaReadContext): Omit<TicketListItem, 'unread'> {
  const status = isStatus(row.status) ? row.status : DEFAULT_TICKET_STATUS;
  return {
    id: row.id,
    ticketNumber: row.ticketNumber,
    subject: row.subject,
    fromEmail: row.fromEmail,
    fromName: row.fromName,
    // The columns are varchar; only validated values are written, the fallbacks guard old data.
    status,
    priority: isPriority(row.priority) ? row.priority : DEFAULT_TICKET_PRIORITY,
    assignedTo: row.assignedTo,
    assignedAt: iso(row.assignedAt),
    lastUpdatedBy: row.lastUpdatedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    closedAt: iso(row.closedAt),
    timeSpent: row.timeSpent,
    harvestTimeEntryId: row.harvestTimeEntryId,
    originalEmailDate: iso(row.originalEmailDate),
    lastMessageAt: row.lastMessageAt.toISOString(),
    deletedAt: iso(row.deletedAt),
    attachments: row.attachments,
    assignedUser: row.assigneeId
      ? { firstName: row.assigneeFirstName, lastName: row.assigneeLastName }
      : null,
    mergedIntoId: row.mergedIntoId,
    sla: toTicketSla(row, isClosedStatus(status), sla),
    tags: row.tags,
    customFields: row.customFields,
    groupId: row.groupId,
  };
}

/** The full ticket: the list's fields with the body and the notes. */
function toTicket(row: TicketWithAssigneeRow, sla: SlaReadContext): Ticket {
  return { ...toTicketListItem(row, sla), body: row.body, notes: row.notes };
}

/** A ticket answered on its own: with the body as plain text for the detail's Message (spec §2). */
export function toTicketDetail(row: TicketWithAssigneeRow, sla: SlaReadContext): TicketDetail {
  return { ...toTicket(row, sla), bodyText: bodyToText(row.body) };
}
