/**
 * The steps every writer of tickets shares, in the caller's transaction: find a ticket for the answer,
 * lock tickets (404 naming those missing), check the assignee, apply a change request and say what
 * changed, insert under a free number, append a note. The tickets feature's routes and the core
 * service (server/core/tickets/tickets.service.ts) are built from them.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { TicketPriority, TicketStatus } from '@shared/constants';
import { TICKET_MESSAGES, type TicketDetail } from '@shared/contracts/tickets';
import { parseNotes, serializeNotes, type NoteEntry } from '@shared/notes';
import type { NewTicketRow } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { fieldRefusal } from '../../lib/validate';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import { loadSlaReadContext } from '../sla/sla-read-context';
import type { TicketChange, TicketFieldChanges } from '../ticket-changes/ticket-change';
import { recordTicketChange } from '../ticket-changes/ticket-changes.service';
import { userExists } from '../users/users.repository';
import { assertGroupExists } from './ticket-group';
import { newPendingPicks, pickGroupAssignee, type PendingPicks } from './group-assignment';
import { storedBodyText } from '../../lib/body-text';
import { changedCustomFields, checkCustomFieldsInput } from '../ticket-fields/custom-field-input';
import { listTicketFields, listTicketFieldsForWriting } from '../ticket-fields/ticket-fields.repository';
import type { TicketField } from '@shared/contracts/ticket-fields';
import {
  isClosedStatus,
  planTicketChanges,
  type TicketCaller,
  type TicketChangeRequest,
  type TicketChanges,
} from './ticket-changes';
import { toTicketDetail } from './ticket.mapper';
import { generateTicketNumber, timestampTicketNumber } from './ticket-number';
import * as repository from './tickets.repository';

/** How often a creation tries another number after finding its number taken. */
const MAX_NUMBER_ATTEMPTS = 8;

const unknownAssignee = () => fieldRefusal({ assignedTo: [TICKET_MESSAGES.unknownUser] });

export async function assertAssigneeExists(db: DbOrTx, assignedTo: string | null | undefined): Promise<void> {
  if (assignedTo && !(await userExists(db, assignedTo))) throw unknownAssignee();
}

/** An assignee deleted between the check and the write still gets the 400, not a 500. */
export async function withAssigneeGuard<T>(
  assignedTo: string | null | undefined,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (assignedTo && isForeignKeyViolation(error)) throw unknownAssignee();
    throw error;
  }
}

/** One ticket on its own (with bodyText), for every single-ticket answer. */
export async function mustFindTicket(db: DbOrTx, id: string): Promise<TicketDetail> {
  const row = await repository.findTicketById(db, id);
  if (!row) throw notFound(TICKET_MESSAGES.ticketNotFound);
  return toTicketDetail(row, await loadSlaReadContext(db));
}

/** A new ticket's columns except its number, which insertUnderFreeNumber picks. */
export type TicketValues = Omit<NewTicketRow, 'ticketNumber' | 'assignedAt'> & {
  assignedAt: Date | null | SQL;
};

/** A created ticket as its change records it: its first status and priority, and its assignee. */
export function createdEntry(id: string, values: TicketValues): TicketFieldChanges {
  return {
    ticketId: id,
    created: true,
    status: { before: values.status as TicketStatus, after: values.status as TicketStatus },
    priority: { before: values.priority as TicketPriority, after: values.priority as TicketPriority },
    ...(values.assignedTo ? { assignee: { before: null, after: values.assignedTo } } : {}),
    // Issue 38: a new ticket's first tags and values are in its history like any later change.
    ...(values.tags?.length ? { tags: { before: [], after: values.tags } } : {}),
    ...(values.customFields && Object.keys(values.customFields).length > 0
      ? { customFields: changedCustomFields({}, values.customFields) }
      : {}),
    // Issue 39: and its first group.
    ...(values.groupId ? { group: { before: null, after: values.groupId } } : {}),
  };
}

/**
 * A new ticket's values with a member of its group when the group assigns automatically and nobody
 * was chosen (issue 39); assignedAt is then the insert's own time, as for a chosen assignee.
 */
export async function withGroupAssignee(tx: DbOrTx, values: TicketValues): Promise<TicketValues> {
  if (!values.groupId || values.assignedTo) return values;
  const assignedTo = await pickGroupAssignee(tx, values.groupId);
  return assignedTo ? { ...values, assignedTo, assignedAt: sql`now()` } : values;
}

/** Inserts under the requested number, or under server-made ones while numbers turn out taken. */
export async function insertUnderFreeNumber(
  db: DbOrTx,
  values: TicketValues,
  requested: string | undefined,
): Promise<string> {
  for (let attempt = 0; attempt < MAX_NUMBER_ATTEMPTS; attempt++) {
    const ticketNumber = attempt === 0 ? (requested ?? timestampTicketNumber()) : generateTicketNumber();
    const id = await repository.insertTicketUnlessNumberTaken(db, {
      ...values,
      ticketNumber,
      bodyText: storedBodyText(values.body),
    });
    if (id) return id;
  }
  throw new AppError('unavailable', TICKET_MESSAGES.ticketNumberUnavailable);
}

export type Locked = [repository.LockedTicket, ...repository.LockedTicket[]];

export function ticketsMissing(requested: readonly string[], missing: readonly string[]): AppError {
  if (requested.length === 1) return notFound(TICKET_MESSAGES.ticketNotFound);
  return new AppError('not_found', `${TICKET_MESSAGES.ticketsNotFound}: ${missing.join(', ')}`, {
    fieldErrors: { ticketIds: [...missing] },
  });
}

/** Locks the tickets; any id that does not exist fails the whole request with 404 naming it. */
export async function lockAllOrFail(tx: DbOrTx, ids: readonly string[]): Promise<Locked> {
  const rows = await repository.lockTickets(tx, ids);
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.filter((id) => !found.has(id));
  const [first, ...rest] = rows;
  if (missing.length > 0 || !first) throw ticketsMissing(ids, missing);
  return [first, ...rest];
}

/** A change request as a route gives it: custom field values not yet checked against the fields. */
export type TicketChangeInput = Omit<TicketChangeRequest, 'customFields'> & {
  customFields?: Record<string, unknown>;
};

/**
 * The custom fields a request needs (issue 38): to check its values, or to know which are required
 * before closing; none read for any other request.
 */
function fieldsFor(db: DbOrTx, request: TicketChangeInput): Promise<TicketField[]> {
  if (request.customFields) return listTicketFieldsForWriting(db);
  return request.status && isClosedStatus(request.status) ? listTicketFields(db) : Promise.resolve([]);
}

/** A new ticket's custom field values, checked (400 naming `customFields.<key>`); {} when none given. */
export async function checkedNewCustomFields(db: DbOrTx, input: Record<string, unknown> | undefined) {
  if (!input) return {};
  const patch = checkCustomFieldsInput(await listTicketFieldsForWriting(db), input);
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== null)) as Record<
    string,
    NonNullable<(typeof patch)[string]>
  >;
}

/**
 * Applies one request to locked tickets and answers what changed on each (for the caller to record).
 * `caller` null: the help desk itself changes them (a rule, issue 40), which never writes notes so.
 * Tickets whose changes come out the same share one UPDATE (a bulk change makes a handful of
 * statements, not one per ticket).
 */
export async function applyChanges(
  tx: DbOrTx,
  locked: Locked,
  input: TicketChangeInput,
  caller: TicketCaller | null,
): Promise<TicketFieldChanges[]> {
  const now = locked[0].now;
  await assertGroupExists(tx, input.groupId);
  const fields = await fieldsFor(tx, input);
  const request: TicketChangeRequest = {
    ...input,
    customFields: input.customFields ? checkCustomFieldsInput(fields, input.customFields) : undefined,
  };
  const groups = new Map<string, { changes: TicketChanges; ids: string[] }>();
  const picks = newPendingPicks();
  for (const ticket of locked) {
    const forTicket = await requestWithGroupAssignee(tx, ticket, request, picks);
    const changes = planTicketChanges(ticket, forTicket, now, caller, fields);
    const key = JSON.stringify(changes);
    const group = groups.get(key) ?? { changes, ids: [] };
    group.ids.push(ticket.id);
    groups.set(key, group);
  }
  const entries: TicketFieldChanges[] = [];
  for (const { changes, ids } of groups.values()) {
    await repository.updateTickets(tx, ids, {
      ...changes,
      lastUpdatedBy: caller?.id ?? null,
      updatedAt: now,
    });
    for (const ticket of locked.filter((each) => ids.includes(each.id))) {
      entries.push(fieldChanges(ticket, changes));
    }
  }
  return entries;
}

/**
 * The request for one ticket, with a member of the group it enters when that group assigns
 * automatically and the ticket would have nobody (issue 39). A closed ticket is left unassigned.
 */
async function requestWithGroupAssignee(
  tx: DbOrTx,
  ticket: repository.LockedTicket,
  request: TicketChangeRequest,
  picks: PendingPicks,
): Promise<TicketChangeRequest> {
  if (!request.groupId || request.groupId === ticket.groupId) return request;
  const assignee = request.assignedTo !== undefined ? request.assignedTo : ticket.assignedTo;
  if (assignee || isClosedStatus(request.status ?? ticket.status)) return request;
  const picked = await pickGroupAssignee(tx, request.groupId, picks);
  return picked ? { ...request, assignedTo: picked } : request;
}

/**
 * What a change did to one ticket, each field before and after (the notes: the entries it appended;
 * PUT may append notes too, not only Add Note).
 */
function fieldChanges(ticket: repository.LockedTicket, changes: TicketChanges): TicketFieldChanges {
  const entry: TicketFieldChanges = { ticketId: ticket.id };
  // Status and priority as the request set them, even unchanged: re-saving recomputes the due times
  // (the SLA subscriber), as a change always did.
  if (changes.status !== undefined) {
    entry.status = { before: ticket.status as TicketStatus, after: changes.status as TicketStatus };
  }
  if (changes.priority !== undefined) {
    entry.priority = { before: ticket.priority as TicketPriority, after: changes.priority as TicketPriority };
  }
  if (changes.assignedTo !== undefined && changes.assignedTo !== ticket.assignedTo) {
    entry.assignee = { before: ticket.assignedTo, after: changes.assignedTo };
  }
  if (changes.closedAt !== undefined) {
    const after = changes.closedAt ? new Date(changes.closedAt as Date).toISOString() : null;
    entry.closedAt = { before: ticket.closedAt?.toISOString() ?? null, after };
  }
  if (changes.notes != null) {
    const before = parseNotes(ticket.notes, ticket.updatedAt).length;
    const added = parseNotes(changes.notes, ticket.updatedAt).slice(before);
    if (added.length > 0) entry.notesAdded = added.map((note) => note.text);
    if (changes.notes !== ticket.notes) entry.notesChanged = true;
  }
  if (changes.tags) entry.tags = { before: ticket.tags, after: changes.tags };
  if (changes.groupId !== undefined) entry.group = { before: ticket.groupId, after: changes.groupId };
  if (changes.customFields) {
    const changed = changedCustomFields(ticket.customFields, changes.customFields);
    if (changed.length > 0) entry.customFields = changed;
  }
  return entry;
}

/** Who writes a note: its entry carries their id, name and initials. */
export type NoteWriter = TicketCaller;

/**
 * Appends a note under a row lock, so concurrent appends each see the others' notes. Legacy text is
 * converted to entries (timed before this change) and kept.
 */
export async function appendNote(
  tx: DbOrTx,
  id: string,
  note: Omit<NoteEntry, 'timestamp'>,
  change: Pick<TicketChange, 'actor' | 'channel'>,
): Promise<void> {
  const [ticket] = await lockAllOrFail(tx, [id]);
  const entries = parseNotes(ticket.notes, ticket.updatedAt);
  entries.push({ ...note, timestamp: ticket.now.toISOString() });
  await repository.updateTickets(tx, [id], {
    notes: serializeNotes(entries),
    lastUpdatedBy: 'user' in change.actor ? change.actor.user.id : null,
    updatedAt: ticket.now,
  });
  await recordTicketChange(tx, { ...change, tickets: [{ ticketId: id, notesAdded: [note.text] }] });
}
