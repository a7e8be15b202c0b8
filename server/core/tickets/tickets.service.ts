/**
 * What other features ask of tickets, each in one transaction and recorded as one ticket change: a
 * ticket's answer, an update (canned responses), emailed tickets and their touches (inbound), the lock
 * for an agent's reply (replies) and Close & Track Time (time). The tickets feature's own routes (list,
 * create, notes, bulk, update checks) are in server/features/tickets.
 */
import { DEFAULT_TICKET_STATUS, type TicketPriority, type TicketStatus } from '@shared/constants';
import {
  TICKET_MESSAGES,
  type TicketAttachment,
  type TicketDetail,
  type UpdateTicketInput,
} from '@shared/contracts/tickets';
import type { CustomFieldValues } from '@shared/contracts/ticket-fields';
import { noteAuthor, parseNotes, serializeNotes, SYSTEM_NOTE_AUTHOR } from '@shared/notes';
import type { Database, DbOrTx } from '../../db/client';
import { fieldRefusal } from '../../lib/validate';
import type { TicketFieldChanges } from '../ticket-changes/ticket-change';
import { recordTicketChange } from '../ticket-changes/ticket-changes.service';
import { missingToClose } from '../ticket-fields/custom-field-input';
import { listTicketFields } from '../ticket-fields/ticket-fields.repository';
import { isClosedStatus, type TicketCaller } from './ticket-changes';
import {
  appendNote,
  applyChanges,
  assertAssigneeExists,
  createdEntry,
  insertUnderFreeNumber,
  lockAllOrFail,
  mustFindTicket,
  withAssigneeGuard,
  withGroupAssignee,
} from './ticket-writes.service';
import * as repository from './tickets.repository';
import { assertGroupExists } from './ticket-group';

export const getTicket = (db: DbOrTx, id: string): Promise<TicketDetail> => mustFindTicket(db, id);

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
    throw fieldRefusal({ harvestTimeEntryId: [TICKET_MESSAGES.harvestEntryNotOnTicket] });
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
      const tickets = await applyChanges(tx, locked, input, caller);
      await recordTicketChange(tx, { actor: { user: caller }, channel: 'web', tickets });
      return mustFindTicket(tx, id);
    }),
  );
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
  /** The group whose address the message was sent to (issue 39); none when absent. */
  groupId?: string | null;
  /** Values the requester filled in the portal (issue 41), already checked against the fields. */
  customFields?: CustomFieldValues;
}

/** The help desk's own changes made for an email. */
const BY_EMAIL = { actor: { system: 'email' }, channel: 'email' } as const;

/** Creates an emailed ticket inside the caller's transaction; returns its id. */
export async function createEmailTicket(tx: DbOrTx, input: EmailTicketInput): Promise<string> {
  await assertGroupExists(tx, input.groupId);
  const values = await withGroupAssignee(tx, {
    ...input,
    status: DEFAULT_TICKET_STATUS,
    assignedTo: null,
    assignedAt: null,
    // No user made this change: agents' update checks report it as someone else's.
    lastUpdatedBy: null,
  });
  const id = await insertUnderFreeNumber(tx, values, undefined);
  await recordTicketChange(tx, { ...BY_EMAIL, tickets: [createdEntry(id, values)] });
  return id;
}

/** Why email touched a ticket: a message received into its conversation, or a reply of ours bounced. */
export type EmailTouch =
  { reopen: true; received: { fromEmail: string; fromName: string } } | { reopen: false; bounced: true };

/**
 * Records a change email made to a ticket's conversation (a reply received, a reply of ours bounced),
 * under a row lock: lastUpdatedBy null and updatedAt now, so agents with the ticket open see it; with
 * `reopen`, a closed ticket opens again. False, and nothing changed, when the ticket no longer exists.
 */
export async function touchForEmail(tx: DbOrTx, id: string, touch: EmailTouch): Promise<boolean> {
  const [ticket] = await repository.lockTickets(tx, [id]);
  if (!ticket) return false;
  const reopen = touch.reopen && isClosedStatus(ticket.status);
  await repository.updateTickets(tx, [id], {
    ...(reopen ? { status: DEFAULT_TICKET_STATUS, closedAt: null } : {}),
    lastUpdatedBy: null,
    updatedAt: ticket.now,
  });
  const entry: TicketFieldChanges = { ticketId: id };
  // Reopened: the resolution clock runs again (issue 24, the SLA subscriber).
  if (reopen) entry.status = { before: ticket.status as TicketStatus, after: DEFAULT_TICKET_STATUS };
  if ('received' in touch) entry.messageReceived = touch.received;
  else entry.replyBounced = true;
  await recordTicketChange(tx, { ...BY_EMAIL, tickets: [entry] });
  return true;
}

/**
 * Adds a note written by the help desk itself (no user), e.g. why an email opened a new ticket. The
 * ticket's status is left as it is.
 */
export function appendSystemNote(tx: DbOrTx, id: string, text: string): Promise<void> {
  return appendNote(tx, id, { text, userId: null, ...SYSTEM_NOTE_AUTHOR }, BY_EMAIL);
}

/** The existing tickets among `numbers`, locked for the caller's transaction. */
export const lockTicketsByNumber = (tx: DbOrTx, numbers: readonly string[]) =>
  repository.lockTicketsByNumber(tx, numbers);

/**
 * Locks a ticket for an agent's emailed reply (server/features/replies), which is stored in the same
 * transaction. An open ticket moves to in progress (lastUpdatedBy, updatedAt); a ticket in progress
 * or closed keeps its status. Answers the ticket and what changed on it, which the reply's change
 * records with the reply. 404 when the ticket does not exist.
 */
export async function lockTicketForReply(
  tx: DbOrTx,
  id: string,
  caller: TicketCaller,
): Promise<{ ticket: TicketDetail; changed: TicketFieldChanges }> {
  const locked = await lockAllOrFail(tx, [id]);
  const [changed] =
    locked[0].status === DEFAULT_TICKET_STATUS
      ? await applyChanges(tx, locked, { status: 'in_progress' }, caller)
      : [{ ticketId: id }];
  return { ticket: await mustFindTicket(tx, id), changed: changed ?? { ticketId: id } };
}

/**
 * Close & Track Time's side of the ticket (server/features/time/close-ticket.service.ts), in its
 * transaction: the ticket is closed now with the time spent, and the resolution note, when written, is
 * appended as the closer's. Answers the ticket's subject (the time entry's notes), or 'already_closed'
 * and nothing changed. 404 when the ticket does not exist.
 */
export async function closeForTimeTracking(
  tx: DbOrTx,
  id: string,
  input: { timeSpent: number; resolution: string | undefined },
  closer: TicketCaller,
): Promise<{ subject: string } | 'already_closed'> {
  const [ticket] = await lockAllOrFail(tx, [id]);
  if (isClosedStatus(ticket.status)) return 'already_closed';
  // A field required to close (issue 38) blocks Close & Track Time as it blocks every other close.
  const refusal = missingToClose(await listTicketFields(tx), ticket.customFields);
  if (refusal) throw refusal;
  const notes = parseNotes(ticket.notes, ticket.updatedAt);
  if (input.resolution) {
    notes.push({
      text: input.resolution,
      userId: closer.id,
      ...noteAuthor(closer),
      timestamp: ticket.now.toISOString(),
    });
  }
  const newNotes = notes.length > 0 ? serializeNotes(notes) : ticket.notes;
  await repository.updateTickets(tx, [id], {
    status: 'closed',
    closedAt: ticket.now,
    timeSpent: input.timeSpent,
    notes: newNotes,
    lastUpdatedBy: closer.id,
    updatedAt: ticket.now,
  });
  // Closed: the resolution is decided (issue 24, the SLA subscriber). The resolution note is recorded
  // apart from notesAdded: it raised no mention notices before, and still does not.
  await recordTicketChange(tx, {
    actor: { user: closer },
    channel: 'web',
    tickets: [
      {
        ticketId: id,
        status: { before: ticket.status as TicketStatus, after: 'closed' },
        closedAt: { before: ticket.closedAt?.toISOString() ?? null, after: ticket.now.toISOString() },
        ...(input.resolution ? { resolutionNote: input.resolution } : {}),
        // Legacy notes are rewritten as entries even without a resolution.
        ...(newNotes !== ticket.notes ? { notesChanged: true as const } : {}),
      },
    ],
  });
  return { subject: ticket.subject };
}
