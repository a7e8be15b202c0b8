import { CLOSED_TICKET_STATUSES, type TicketPriority } from '@shared/constants';
import { TICKET_MESSAGES } from '@shared/contracts/tickets';
import type { NewTicketRow } from '@shared/schema';
import { badRequest } from '../../lib/errors';

/** What the rules need to know about a ticket before a change. */
export interface TicketState {
  status: string;
  assignedTo: string | null;
  assignedAt: Date | null;
  closedAt: Date | null;
}

/** A requested change, from PUT /api/tickets/:id or the bulk update (a subset). */
export interface TicketChangeRequest {
  status?: 'open' | 'in_progress' | 'closed';
  priority?: TicketPriority;
  assignedTo?: string | null;
  assignedAt?: Date | null;
  closedAt?: Date | null;
  notes?: string | null;
  timeSpent?: number | null;
  harvestTimeEntryId?: number | null;
}

export type TicketChanges = Partial<
  Pick<
    NewTicketRow,
    | 'status'
    | 'priority'
    | 'assignedTo'
    | 'assignedAt'
    | 'closedAt'
    | 'notes'
    | 'timeSpent'
    | 'harvestTimeEntryId'
  >
>;

export const isClosedStatus = (status: string) =>
  (CLOSED_TICKET_STATUSES as readonly string[]).includes(status);

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/**
 * closedAt follows the status: moving to closed stamps it (unless a time is given), staying closed
 * keeps it, and an open ticket has none.
 */
function planClosedAt(current: TicketState, request: TicketChangeRequest, now: Date): Date | null {
  if (!isClosedStatus(request.status ?? current.status)) {
    if (request.closedAt)
      throw badRequest(TICKET_MESSAGES.closedAtNeedsClosedStatus, {
        closedAt: [TICKET_MESSAGES.closedAtNeedsClosedStatus],
      });
    return null;
  }
  if (request.closedAt) return request.closedAt;
  return isClosedStatus(current.status) && current.closedAt ? current.closedAt : now;
}

/** assignedAt follows the assignee: a new assignee stamps it (unless a time is given), none clears it. */
function planAssignment(
  current: TicketState,
  request: TicketChangeRequest,
  now: Date,
): { assignedTo: string | null; assignedAt: Date | null } {
  const assignedTo = request.assignedTo !== undefined ? request.assignedTo : current.assignedTo;
  if (assignedTo === null) {
    if (request.assignedAt)
      throw badRequest(TICKET_MESSAGES.assignedAtNeedsAssignee, {
        assignedAt: [TICKET_MESSAGES.assignedAtNeedsAssignee],
      });
    return { assignedTo, assignedAt: null };
  }
  if (request.assignedAt) return { assignedTo, assignedAt: request.assignedAt };
  return { assignedTo, assignedAt: assignedTo === current.assignedTo ? current.assignedAt : now };
}

/** The column changes a request makes to one ticket; columns that would not change are left out. */
export function planTicketChanges(
  current: TicketState,
  request: TicketChangeRequest,
  now: Date,
): TicketChanges {
  const changes: TicketChanges = {};
  if (request.status !== undefined) changes.status = request.status;
  if (request.priority !== undefined) changes.priority = request.priority;
  if (request.notes !== undefined) changes.notes = request.notes;
  if (request.timeSpent !== undefined) changes.timeSpent = request.timeSpent;
  if (request.harvestTimeEntryId !== undefined) changes.harvestTimeEntryId = request.harvestTimeEntryId;

  const assignment = planAssignment(current, request, now);
  if (assignment.assignedTo !== current.assignedTo) changes.assignedTo = assignment.assignedTo;
  if (!sameTime(assignment.assignedAt, current.assignedAt)) changes.assignedAt = assignment.assignedAt;
  const closedAt = planClosedAt(current, request, now);
  if (!sameTime(closedAt, current.closedAt)) changes.closedAt = closedAt;
  return changes;
}
