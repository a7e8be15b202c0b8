/** The tickets feature's own writes and reads: the list, create, notes, bulk update, update checks. */
import { sql } from 'drizzle-orm';
import { DEFAULT_TICKET_PRIORITY, DEFAULT_TICKET_STATUS } from '@shared/constants';
import type {
  BulkUpdateTicketsInput,
  BulkUpdateTicketsResponse,
  CheckUpdatesResponse,
  CreateTicketInput,
  TicketDetail,
  TicketListFilters,
} from '@shared/contracts/tickets';
import { TICKET_MESSAGES } from '@shared/contracts/tickets';
import { noteAuthor } from '@shared/notes';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import { loadSlaReadContext, slaReadContextFrom } from '../../core/sla/sla-read-context';
import { recordTicketChange } from '../../core/ticket-changes/ticket-changes.service';
import type { TicketCaller } from '../../core/tickets/ticket-changes';
import { toTicketListItem } from '../../core/tickets/ticket.mapper';
import {
  appendNote,
  applyChanges,
  assertAssigneeExists,
  checkedNewCustomFields,
  createdEntry,
  insertUnderFreeNumber,
  withGroupAssignee,
  lockAllOrFail,
  mustFindTicket,
  withAssigneeGuard,
  type NoteWriter,
  type TicketValues,
} from '../../core/tickets/ticket-writes.service';
import * as repository from '../../core/tickets/tickets.repository';
import { assertGroupExists } from '../../core/tickets/ticket-group';
import { needsTicketFields, toListCriteria } from './ticket-list-criteria';
import { listTicketFields } from '../../core/ticket-fields/ticket-fields.repository';
import type { SharedTicketListResponse, TicketLooks } from './ticket-seen';
import * as ticketList from './ticket-list.query';
import * as presence from './ticket-presence.repository';

/**
 * A page of the list as every caller gets it, and the viewer's looks at its tickets (read in the same
 * statement) for their own `unread` (ticket-seen.ts).
 */
export async function listTickets(
  db: Database,
  filters: TicketListFilters,
  viewer: { id?: string; hiddenGroupIds: readonly string[] },
): Promise<{ list: SharedTicketListResponse; viewerLooks: TicketLooks }> {
  const now = new Date();
  // The sla filter needs the settings to build its condition; any other list reads them with its rows.
  const slaForFilter = filters.sla?.length ? await loadSlaReadContext(db, now) : undefined;
  const fields = needsTicketFields(filters) ? await listTicketFields(db) : [];
  const page = await ticketList.listTickets(db, {
    ...toListCriteria(filters, slaForFilter, fields),
    viewerId: viewer.id,
    // Issue 39: the private groups' tickets the viewer may not see are out of the page and its total.
    ...(viewer.hiddenGroupIds.length > 0 ? { hiddenGroupIds: viewer.hiddenGroupIds } : {}),
  });
  const sla = slaForFilter ?? slaReadContextFrom(page.slaPolicies, now);
  const list: SharedTicketListResponse = {
    tickets: page.rows.map((row) => toTicketListItem(row, sla)),
    total: page.total,
    ...(page.totalCapped ? { totalCapped: true } : {}),
  };
  return { list, viewerLooks: page.viewerLooks };
}

function newTicketValues(
  input: CreateTicketInput,
  callerId: string,
  customFields: TicketValues['customFields'],
): TicketValues {
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
    tags: input.tags ?? [],
    customFields,
    groupId: input.groupId ?? null,
  };
}

export async function createTicket(
  db: Database,
  input: CreateTicketInput,
  caller: TicketCaller,
): Promise<TicketDetail> {
  await assertAssigneeExists(db, input.assignedTo);
  return withAssigneeGuard(input.assignedTo, () =>
    db.transaction(async (tx) => {
      await assertGroupExists(tx, input.groupId);
      const values = await withGroupAssignee(
        tx,
        newTicketValues(input, caller.id, await checkedNewCustomFields(tx, input.customFields)),
      );
      const id = await insertUnderFreeNumber(tx, values, input.ticketNumber);
      await recordTicketChange(tx, {
        actor: { user: caller },
        channel: 'web',
        tickets: [createdEntry(id, values)],
      });
      return mustFindTicket(tx, id);
    }),
  );
}

export function addNote(db: Database, id: string, text: string, writer: NoteWriter): Promise<TicketDetail> {
  return db.transaction(async (tx) => {
    await appendNote(
      tx,
      id,
      { text, userId: writer.id, ...noteAuthor(writer) },
      { actor: { user: writer }, channel: 'web' },
    );
    return mustFindTicket(tx, id);
  });
}

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
      const tickets = await applyChanges(tx, locked, input.updates, caller);
      await recordTicketChange(tx, { actor: { user: caller }, channel: 'bulk', tickets });
      return { updated: locked.length };
    }),
  );
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

/** The single-ticket read and PUT are the core's (canned responses update through it too). */
export { getTicket, updateTicket } from '../../core/tickets/tickets.service';
