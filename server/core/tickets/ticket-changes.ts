import { CLOSED_TICKET_STATUSES, type TicketPriority } from '@shared/constants';
import { TICKET_MESSAGES } from '@shared/contracts/tickets';
import type { NewTicketRow } from '@shared/schema';
import {
  TICKET_FIELD_LIMITS,
  TICKET_FIELD_MESSAGES,
  type CustomFieldValues,
  type TicketField,
} from '@shared/contracts/ticket-fields';
import { fieldRefusal } from '../../lib/validate';
import {
  mergeCustomFields,
  missingToClose,
  type CustomFieldsPatch,
} from '../ticket-fields/custom-field-input';
import { CLOCK_SKEW_MS, planNotesAppend, type TicketCaller } from './ticket-notes-append';

export type { TicketCaller } from './ticket-notes-append';

/** What the rules need to know about a ticket before a change. */
export interface TicketState {
  status: string;
  assignedTo: string | null;
  assignedAt: Date | null;
  closedAt: Date | null;
  createdAt: Date;
  /** The notes column as stored, and the base time its legacy text is read with (parseNotes). */
  notes: string | null;
  updatedAt: Date;
  /** Issue 38. */
  tags: string[];
  customFields: CustomFieldValues;
  /** Issue 39. */
  groupId: string | null;
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
  /** Issue 38: the whole new set (PUT), or tags to add and remove (the bulk change). */
  tags?: string[];
  addTags?: string[];
  removeTags?: string[];
  /** Issue 38: values already checked against the fields (custom-field-input.ts). */
  customFields?: CustomFieldsPatch;
  /** Issue 39: a group that exists (the service checked it), or null for none. */
  groupId?: string | null;
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
    | 'tags'
    | 'customFields'
    | 'groupId'
  >
>;

export const isClosedStatus = (status: string) =>
  (CLOSED_TICKET_STATUSES as readonly string[]).includes(status);

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

const fieldError = (field: 'closedAt' | 'assignedAt', message: string) =>
  fieldRefusal({ [field]: [message] });

/** How a given time is checked: its field, its messages and how far back it may lie. */
interface GivenTimeRule {
  field: 'closedAt' | 'assignedAt';
  beforeCreated: string;
  notCurrent: string;
  /** How far before the server's time it may lie (closedAt: any time since creation). */
  maxAgeMs: number;
}

const CLOSED_AT_RULE: GivenTimeRule = {
  field: 'closedAt',
  beforeCreated: TICKET_MESSAGES.closedAtBeforeCreated,
  notCurrent: TICKET_MESSAGES.closedAtInFuture,
  maxAgeMs: Infinity,
};

// The dashboard's mean time to assignment reads assignedAt: a client may only say "now", give or take
// its clock's skew, or a far-future or backdated time would rewrite the figure (issue 34).
const ASSIGNED_AT_RULE: GivenTimeRule = {
  field: 'assignedAt',
  beforeCreated: TICKET_MESSAGES.assignedAtBeforeCreated,
  notCurrent: TICKET_MESSAGES.assignedAtNotCurrent,
  maxAgeMs: CLOCK_SKEW_MS,
};

/**
 * A time a client gives (closedAt, assignedAt): not before the ticket was created, not further from
 * now than the rule allows (a client clock up to CLOCK_SKEW_MS ahead is taken as now, so a stored
 * time is never later than the change).
 */
function givenTime(rule: GivenTimeRule, current: TicketState, given: Date, now: Date): Date {
  if (given.getTime() < current.createdAt.getTime()) throw fieldError(rule.field, rule.beforeCreated);
  if (given.getTime() > now.getTime() + CLOCK_SKEW_MS || given.getTime() < now.getTime() - rule.maxAgeMs)
    throw fieldError(rule.field, rule.notCurrent);
  return given.getTime() > now.getTime() ? now : given;
}

/**
 * closedAt follows the status: moving to closed stamps it (unless a time is given), staying closed
 * keeps it, and an open ticket has none.
 */
function planClosedAt(current: TicketState, request: TicketChangeRequest, now: Date): Date | null {
  if (!isClosedStatus(request.status ?? current.status)) {
    if (request.closedAt) throw fieldError('closedAt', TICKET_MESSAGES.closedAtNeedsClosedStatus);
    return null;
  }
  if (request.closedAt) return givenTime(CLOSED_AT_RULE, current, request.closedAt, now);
  return isClosedStatus(current.status) && current.closedAt ? current.closedAt : now;
}

/**
 * assignedAt follows the assignee: a new assignee stamps it (unless a current time is given), none
 * clears it. The ticket's own assignedAt sent back with the same assignee is kept, however old.
 */
function planAssignment(
  current: TicketState,
  request: TicketChangeRequest,
  now: Date,
): { assignedTo: string | null; assignedAt: Date | null } {
  const assignedTo = request.assignedTo !== undefined ? request.assignedTo : current.assignedTo;
  if (assignedTo === null) {
    if (request.assignedAt) throw fieldError('assignedAt', TICKET_MESSAGES.assignedAtNeedsAssignee);
    return { assignedTo, assignedAt: null };
  }
  const unchanged =
    assignedTo === current.assignedTo && sameTime(request.assignedAt ?? null, current.assignedAt);
  if (request.assignedAt && !unchanged)
    return { assignedTo, assignedAt: givenTime(ASSIGNED_AT_RULE, current, request.assignedAt, now) };
  return { assignedTo, assignedAt: assignedTo === current.assignedTo ? current.assignedAt : now };
}

/** The ticket's tags after a request: its whole set, or the current ones with some added and removed. */
function planTags(current: readonly string[], request: TicketChangeRequest): string[] | undefined {
  let tags: string[] | undefined = request.tags;
  if (!tags && (request.addTags || request.removeTags)) {
    const removed = new Set(request.removeTags ?? []);
    tags = [...new Set([...current, ...(request.addTags ?? [])])].filter((tag) => !removed.has(tag));
  }
  if (!tags) return undefined;
  if (tags.length > TICKET_FIELD_LIMITS.tags)
    throw fieldRefusal({ tags: [TICKET_FIELD_MESSAGES.tooManyTags] });
  const same = tags.length === current.length && tags.every((tag) => current.includes(tag));
  return same ? undefined : tags;
}

const sameValues = (a: CustomFieldValues, b: CustomFieldValues) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * The column changes a request by `caller` makes to one ticket; columns that would not change are
 * left out. `notes` only appends (ticket-notes-append.ts). Whether a harvestTimeEntryId belongs to the
 * ticket needs the database: the service checks it. `fields` are the custom fields (issue 38): closing
 * is refused while one required to close has no value.
 */
export function planTicketChanges(
  current: TicketState,
  request: TicketChangeRequest,
  now: Date,
  caller: TicketCaller | null,
  fields: readonly TicketField[] = [],
): TicketChanges {
  const changes: TicketChanges = {};
  if (request.status !== undefined) changes.status = request.status;
  if (request.priority !== undefined) changes.priority = request.priority;
  if (request.notes !== undefined) {
    // Notes carry their writer; the help desk's own notes are appended by appendNote.
    if (!caller) throw new Error('A change without a user cannot write notes');
    const notes = planNotesAppend(current, request.notes, caller, now);
    if (notes !== undefined) changes.notes = notes;
  }
  if (request.timeSpent !== undefined) changes.timeSpent = request.timeSpent;
  if (request.harvestTimeEntryId !== undefined) changes.harvestTimeEntryId = request.harvestTimeEntryId;
  if (request.groupId !== undefined && request.groupId !== current.groupId) changes.groupId = request.groupId;

  const assignment = planAssignment(current, request, now);
  if (assignment.assignedTo !== current.assignedTo) changes.assignedTo = assignment.assignedTo;
  if (!sameTime(assignment.assignedAt, current.assignedAt)) changes.assignedAt = assignment.assignedAt;
  const closedAt = planClosedAt(current, request, now);
  if (!sameTime(closedAt, current.closedAt)) changes.closedAt = closedAt;

  const tags = planTags(current.tags, request);
  if (tags) changes.tags = tags;
  const customFields = mergeCustomFields(current.customFields, request.customFields);
  if (!sameValues(customFields, current.customFields)) changes.customFields = customFields;
  if (request.status && isClosedStatus(request.status) && !isClosedStatus(current.status)) {
    const refusal = missingToClose(fields, customFields);
    if (refusal) throw refusal;
  }
  return changes;
}
