import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_TICKET_PRIORITY, DEFAULT_TICKET_STATUS, type TicketPriority } from '@shared/constants';
import {
  TICKET_MESSAGES,
  type BulkDeleteTicketsInput,
  type BulkDeleteTicketsResponse,
  type BulkUpdateTicketsInput,
  type BulkUpdateTicketsResponse,
  type CheckUpdatesResponse,
  type CreateTicketInput,
  type TicketAttachment,
  type TicketDetail,
  type TicketListFilters,
  type UpdateTicketInput,
} from '@shared/contracts/tickets';
import { noteAuthor, parseNotes, serializeNotes, SYSTEM_NOTE_AUTHOR, type NoteEntry } from '@shared/notes';
import type { NewTicketRow } from '@shared/schema';
import type { Database, DbOrTx } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import { userExists } from '../../core/users/users.repository';
import * as notices from '../notifications/notifications.service';
import { loadSlaReadContext, slaReadContextFrom } from '../sla/sla-read-context';
import { refreshTicketSla } from '../sla/ticket-sla-refresh';
import {
  isClosedStatus,
  planTicketChanges,
  type TicketCaller,
  type TicketChangeRequest,
  type TicketChanges,
} from './ticket-changes';
import { toListCriteria } from './ticket-list-criteria';
import type { SharedTicketListResponse, TicketLooks } from './ticket-seen';
import * as ticketList from './ticket-list.query';
import { storedBodyText } from './body-text';
import { toTicketListItem, toTicketDetail } from './ticket.mapper';
import { generateTicketNumber, timestampTicketNumber } from './ticket-number';
import * as presence from './ticket-presence.repository';
import * as repository from './tickets.repository';

/** How often a creation tries another number after finding its number taken. */
const MAX_NUMBER_ATTEMPTS = 8;

const unknownAssignee = () =>
  badRequest(`assignedTo: ${TICKET_MESSAGES.unknownUser}`, {
    assignedTo: [TICKET_MESSAGES.unknownUser],
  });

async function assertAssigneeExists(db: DbOrTx, assignedTo: string | null | undefined): Promise<void> {
  if (assignedTo && !(await userExists(db, assignedTo))) throw unknownAssignee();
}

/** An assignee deleted between the check and the write still gets the 400, not a 500. */
async function withAssigneeGuard<T>(
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
async function mustFindTicket(db: DbOrTx, id: string): Promise<TicketDetail> {
  const row = await repository.findTicketById(db, id);
  if (!row) throw notFound(TICKET_MESSAGES.ticketNotFound);
  return toTicketDetail(row, await loadSlaReadContext(db));
}

/** The list as every caller gets it; the route adds each caller's `unread` (ticket-seen.ts). */
/**
 * A page of the list as every caller gets it, and the viewer's looks at its tickets (read in the same
 * statement) for their own `unread` (ticket-seen.ts).
 */
export async function listTickets(
  db: Database,
  filters: TicketListFilters,
  viewerId?: string,
): Promise<{ list: SharedTicketListResponse; viewerLooks: TicketLooks }> {
  const now = new Date();
  // The sla filter needs the settings to build its condition; any other list reads them with its rows.
  const slaForFilter = filters.sla?.length ? await loadSlaReadContext(db, now) : undefined;
  const page = await ticketList.listTickets(db, { ...toListCriteria(filters, slaForFilter), viewerId });
  const sla = slaForFilter ?? slaReadContextFrom(page.slaPolicies, now);
  const list: SharedTicketListResponse = {
    tickets: page.rows.map((row) => toTicketListItem(row, sla)),
    total: page.total,
    ...(page.totalCapped ? { totalCapped: true } : {}),
  };
  return { list, viewerLooks: page.viewerLooks };
}

export const getTicket = (db: DbOrTx, id: string): Promise<TicketDetail> => mustFindTicket(db, id);

/** A new ticket's columns except its number, which insertUnderFreeNumber picks. */
type TicketValues = Omit<NewTicketRow, 'ticketNumber' | 'assignedAt'> & { assignedAt: Date | null | SQL };

function newTicketValues(input: CreateTicketInput, callerId: string): TicketValues {
  return {
    subject: input.subject,
    body: input.body,
    fromEmail: input.fromEmail,
    fromName: input.fromName,
    status: DEFAULT_TICKET_STATUS,
    priority: input.priority ?? DEFAULT_TICKET_PRIORITY,
    assignedTo: input.assignedTo ?? null,
    // now() is the statement's time, so assignedAt equals createdAt exactly.
    assignedAt: input.assignedTo ? sql`now()` : null,
    lastUpdatedBy: callerId,
    originalEmailDate: input.originalEmailDate ?? null,
    attachments: input.attachments ?? [],
  };
}

/** Inserts under the requested number, or under server-made ones while numbers turn out taken. */
async function insertUnderFreeNumber(
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

export async function createTicket(
  db: Database,
  input: CreateTicketInput,
  caller: TicketCaller,
): Promise<TicketDetail> {
  await assertAssigneeExists(db, input.assignedTo);
  return withAssigneeGuard(input.assignedTo, () =>
    db.transaction(async (tx) => {
      const id = await insertUnderFreeNumber(tx, newTicketValues(input, caller.id), input.ticketNumber);
      await refreshTicketSla(tx, [id]);
      if (input.assignedTo) await notices.notifyAssigned(tx, [id], input.assignedTo, caller);
      return mustFindTicket(tx, id);
    }),
  );
}

type Locked = [repository.LockedTicket, ...repository.LockedTicket[]];

export function ticketsMissing(requested: readonly string[], missing: readonly string[]): AppError {
  if (requested.length === 1) return notFound(TICKET_MESSAGES.ticketNotFound);
  return new AppError('not_found', `${TICKET_MESSAGES.ticketsNotFound}: ${missing.join(', ')}`, {
    fieldErrors: { ticketIds: [...missing] },
  });
}

/** Locks the tickets; any id that does not exist fails the whole request with 404 naming it. */
async function lockAllOrFail(tx: DbOrTx, ids: readonly string[]): Promise<Locked> {
  const rows = await repository.lockTickets(tx, ids);
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.filter((id) => !found.has(id));
  const [first, ...rest] = rows;
  if (missing.length > 0 || !first) throw ticketsMissing(ids, missing);
  return [first, ...rest];
}

/**
 * Applies one request to locked tickets. Tickets whose changes come out the same share one UPDATE
 * (a bulk change makes a handful of statements, not one per ticket).
 */
async function applyChanges(
  tx: DbOrTx,
  locked: Locked,
  request: TicketChangeRequest,
  caller: TicketCaller,
): Promise<void> {
  const now = locked[0].now;
  const groups = new Map<string, { changes: TicketChanges; ids: string[] }>();
  for (const ticket of locked) {
    const changes = planTicketChanges(ticket, request, now, caller);
    const key = JSON.stringify(changes);
    const group = groups.get(key) ?? { changes, ids: [] };
    group.ids.push(ticket.id);
    groups.set(key, group);
  }
  const slaMoved: string[] = [];
  for (const { changes, ids } of groups.values()) {
    await repository.updateTickets(tx, ids, { ...changes, lastUpdatedBy: caller.id, updatedAt: now });
    if (changes.assignedTo) await notices.notifyAssigned(tx, ids, changes.assignedTo, caller);
    if (changes.status !== undefined || changes.priority !== undefined) slaMoved.push(...ids);
  }
  // A status or priority change moves the due times (issue 24).
  await refreshTicketSla(tx, slaMoved);
  await notifyNotesMentions(tx, locked, groups.values(), caller);
}

/** Mentions in the notes a change appended (PUT may append notes too, not only Add Note). */
async function notifyNotesMentions(
  tx: DbOrTx,
  locked: Locked,
  groups: Iterable<{ changes: TicketChanges; ids: string[] }>,
  caller: TicketCaller,
): Promise<void> {
  for (const { changes, ids } of groups) {
    if (changes.notes == null) continue;
    for (const ticket of locked.filter((each) => ids.includes(each.id))) {
      const before = parseNotes(ticket.notes, ticket.updatedAt).length;
      const added = parseNotes(changes.notes, ticket.updatedAt).slice(before);
      await notices.notifyMentions(
        tx,
        ticket.id,
        added.map((entry) => entry.text),
        caller,
      );
    }
  }
}

/**
 * A harvestTimeEntryId must be the Harvest id of a time entry recorded for this ticket (the sync links
 * it so); the ticket's current one and null (unlink) are always accepted.
 */
async function assertHarvestEntryOfTicket(
  tx: DbOrTx,
  ticket: repository.LockedTicket,
  harvestTimeEntryId: number | null | undefined,
): Promise<void> {
  if (harvestTimeEntryId == null || harvestTimeEntryId === ticket.harvestTimeEntryId) return;
  if (!(await repository.isHarvestEntryOfTicket(tx, ticket.id, harvestTimeEntryId))) {
    throw badRequest(`harvestTimeEntryId: ${TICKET_MESSAGES.harvestEntryNotOnTicket}`, {
      harvestTimeEntryId: [TICKET_MESSAGES.harvestEntryNotOnTicket],
    });
  }
}

export function updateTicket(
  db: Database,
  id: string,
  input: UpdateTicketInput,
  caller: TicketCaller,
): Promise<TicketDetail> {
  return withAssigneeGuard(input.assignedTo, () =>
    db.transaction(async (tx) => {
      const locked = await lockAllOrFail(tx, [id]);
      await assertAssigneeExists(tx, input.assignedTo);
      await assertHarvestEntryOfTicket(tx, locked[0], input.harvestTimeEntryId);
      await applyChanges(tx, locked, input, caller);
      return mustFindTicket(tx, id);
    }),
  );
}

export async function deleteTicket(db: Database, id: string): Promise<void> {
  if ((await repository.deleteTickets(db, [id])) === 0) throw notFound(TICKET_MESSAGES.ticketNotFound);
}

/** Who writes a note: its entry carries their id, name and initials. */
export type NoteWriter = TicketCaller;

/**
 * Appends a note under a row lock, so concurrent appends each see the others' notes. Legacy text is
 * converted to entries (timed before this change) and kept.
 */
async function appendNote(
  tx: DbOrTx,
  id: string,
  note: Omit<NoteEntry, 'timestamp'>,
  options: { lastUpdatedBy: string | null },
): Promise<void> {
  const [ticket] = await lockAllOrFail(tx, [id]);
  const entries = parseNotes(ticket.notes, ticket.updatedAt);
  entries.push({ ...note, timestamp: ticket.now.toISOString() });
  await repository.updateTickets(tx, [id], {
    notes: serializeNotes(entries),
    lastUpdatedBy: options.lastUpdatedBy,
    updatedAt: ticket.now,
  });
}

export function addNote(db: Database, id: string, text: string, writer: NoteWriter): Promise<TicketDetail> {
  return db.transaction(async (tx) => {
    await appendNote(
      tx,
      id,
      { text, userId: writer.id, ...noteAuthor(writer) },
      { lastUpdatedBy: writer.id },
    );
    await notices.notifyMentions(tx, id, [text], writer);
    return mustFindTicket(tx, id);
  });
}

/** A ticket that arrived by email (server/features/inbound): open, unassigned, created by no user. */
export interface EmailTicketInput {
  subject: string;
  body: string;
  fromEmail: string;
  fromName: string;
  priority: TicketPriority;
  originalEmailDate: Date;
  attachments: TicketAttachment[];
}

/** Creates an emailed ticket inside the caller's transaction; returns its id. */
export async function createEmailTicket(tx: DbOrTx, input: EmailTicketInput): Promise<string> {
  const id = await insertUnderFreeNumber(
    tx,
    {
      ...input,
      status: DEFAULT_TICKET_STATUS,
      assignedTo: null,
      assignedAt: null,
      // No user made this change: agents' update checks report it as someone else's.
      lastUpdatedBy: null,
    },
    undefined,
  );
  await refreshTicketSla(tx, [id]);
  return id;
}

/**
 * Records a change email made to a ticket's conversation (a reply received, a reply of ours bounced),
 * under a row lock: lastUpdatedBy null and updatedAt now, so agents with the ticket open see it; with
 * `reopen`, a closed ticket opens again. False, and nothing changed, when the ticket no longer exists.
 */
export async function touchForEmail(tx: DbOrTx, id: string, options: { reopen: boolean }): Promise<boolean> {
  const [ticket] = await repository.lockTickets(tx, [id]);
  if (!ticket) return false;
  const reopen = options.reopen && isClosedStatus(ticket.status);
  await repository.updateTickets(tx, [id], {
    ...(reopen ? { status: DEFAULT_TICKET_STATUS, closedAt: null } : {}),
    lastUpdatedBy: null,
    updatedAt: ticket.now,
  });
  // Reopened: the resolution clock runs again (issue 24).
  if (reopen) await refreshTicketSla(tx, [id]);
  return true;
}

/**
 * Adds a note written by the help desk itself (no user), e.g. why an email opened a new ticket. The
 * ticket's status is left as it is.
 */
export function appendSystemNote(tx: DbOrTx, id: string, text: string): Promise<void> {
  return appendNote(tx, id, { text, userId: null, ...SYSTEM_NOTE_AUTHOR }, { lastUpdatedBy: null });
}

/** The existing tickets among `numbers`, locked for the caller's transaction. */
export const lockTicketsByNumber = (tx: DbOrTx, numbers: readonly string[]) =>
  repository.lockTicketsByNumber(tx, numbers);

const distinct = (ids: readonly string[]) => [...new Set(ids)];

export function bulkUpdateTickets(
  db: Database,
  input: BulkUpdateTicketsInput,
  caller: TicketCaller,
): Promise<BulkUpdateTicketsResponse> {
  const ids = distinct(input.ticketIds);
  return withAssigneeGuard(input.updates.assignedTo, () =>
    db.transaction(async (tx) => {
      const locked = await lockAllOrFail(tx, ids);
      await assertAssigneeExists(tx, input.updates.assignedTo);
      await applyChanges(tx, locked, input.updates, caller);
      return { updated: locked.length };
    }),
  );
}

export function bulkDeleteTickets(
  db: Database,
  input: BulkDeleteTicketsInput,
): Promise<BulkDeleteTicketsResponse> {
  const ids = distinct(input.ticketIds);
  return db.transaction(async (tx) => {
    await lockAllOrFail(tx, ids);
    return { deleted: await repository.deleteTickets(tx, ids) };
  });
}

/**
 * Whether someone other than the caller changed the ticket after `since`. A change without a user
 * (lastUpdatedBy null, e.g. a sync) counts as someone else's. The check also records that the caller
 * has the ticket open (and whether they are typing) and answers who else has (presence).
 */
export async function checkForUpdates(
  db: Database,
  id: string,
  query: { since: Date; typing?: boolean },
  callerId: string,
): Promise<CheckUpdatesResponse> {
  const change = await repository.findLastChange(db, id, query.since);
  if (!change) throw notFound(TICKET_MESSAGES.ticketNotFound);
  try {
    await presence.recordViewer(db, id, callerId, query.typing);
  } catch (error) {
    // The ticket was deleted since the line above.
    if (isForeignKeyViolation(error)) throw notFound(TICKET_MESSAGES.ticketNotFound);
    throw error;
  }
  const wasUpdated = change.changedSince && change.lastUpdatedBy !== callerId;
  return {
    wasUpdated,
    updatedBy: wasUpdated ? change.updater : null,
    currentUserId: callerId,
    viewers: await presence.listViewers(db, id, callerId),
  };
}

/** The caller closed the ticket's detail. */
export const stopViewing = (db: Database, id: string, callerId: string): Promise<void> =>
  presence.removeViewer(db, id, callerId);

/**
 * Locks a ticket for an agent's emailed reply (server/features/replies), which is stored in the same
 * transaction. An open ticket moves to in progress, recorded as the caller's change (lastUpdatedBy,
 * updatedAt); a ticket in progress or closed keeps its status. 404 when the ticket does not exist.
 */
export async function lockTicketForReply(
  tx: DbOrTx,
  id: string,
  caller: TicketCaller,
): Promise<TicketDetail> {
  const locked = await lockAllOrFail(tx, [id]);
  if (locked[0].status === DEFAULT_TICKET_STATUS) {
    await applyChanges(tx, locked, { status: 'in_progress' }, caller);
  }
  return mustFindTicket(tx, id);
}
