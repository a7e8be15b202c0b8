import { and, eq, getTableColumns, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { tickets, timeEntries, users, type NewTicketRow } from '@shared/schema';
import type { CustomFieldValues } from '@shared/contracts/ticket-fields';
import type { DbOrTx } from '../../db/client';
import { oncePerDatabase } from '../../db/prepared';
import type { TicketWithAssigneeRow } from './ticket.mapper';
import { joinedUser } from '../users/user.mapper';

const assigneeColumns = {
  assigneeId: users.id,
  assigneeFirstName: users.firstName,
  assigneeLastName: users.lastName,
};

/**
 * Every column a reader of a ticket needs (not the search and sort columns, which only PostgreSQL
 * reads: the conversation's text alone can be 200,000 characters, and every list row read it until
 * issue 17's second pass).
 */
const {
  assigneeSortName: _assigneeSortName,
  bodyText: _bodyText,
  conversationText: _conversationText,
  searchTextPending: _searchTextPending,
  searchVector: _searchVector,
  ...storedTicketColumns
} = getTableColumns(tickets);

export const ticketWithAssigneeColumns = { ...storedTicketColumns, ...assigneeColumns };

/** A list row's columns: no body and no notes, which are the bulk of a ticket and the list shows neither. */
const { body: _body, notes: _notes, ...listedTicketColumns } = storedTicketColumns;
export const ticketListColumns = { ...listedTicketColumns, ...assigneeColumns };

/** Tickets with their assignee's name in one query (a left join, never a query per ticket). */
const selectTicketsWithAssignee = (db: DbOrTx) =>
  db.select(ticketWithAssigneeColumns).from(tickets).leftJoin(users, eq(users.id, tickets.assignedTo));

/**
 * A named statement: every write of a ticket answers with it, so PostgreSQL parses and plans it once
 * per connection, not once per save.
 */
const ticketById = oncePerDatabase((db) =>
  selectTicketsWithAssignee(db)
    .where(eq(tickets.id, sql.placeholder('id')))
    .prepare('ticket_by_id'),
);

export async function findTicketById(db: DbOrTx, id: string): Promise<TicketWithAssigneeRow | undefined> {
  const [row] = await ticketById(db).execute({ id });
  return row;
}

/** Inserts the ticket unless its number is taken; returns the new id, or undefined on a taken number. */
export async function insertTicketUnlessNumberTaken(
  db: DbOrTx,
  values: PgInsertValue<typeof tickets>,
): Promise<string | undefined> {
  const [row] = await db
    .insert(tickets)
    .values(values)
    .onConflictDoNothing({ target: tickets.ticketNumber })
    .returning({ id: tickets.id });
  return row?.id;
}

/**
 * The tickets among `numbers` that exist, locked until the transaction ends (in id order, like
 * lockTickets), so a reply cannot be appended to a ticket being deleted.
 */
export function lockTicketsByNumber(
  tx: DbOrTx,
  numbers: readonly string[],
): Promise<{ id: string; ticketNumber: string; fromEmail: string; mergedIntoId: string | null }[]> {
  return (
    tx
      .select({
        id: tickets.id,
        ticketNumber: tickets.ticketNumber,
        fromEmail: tickets.fromEmail,
        mergedIntoId: tickets.mergedIntoId,
      })
      .from(tickets)
      // A ticket in the Trash is not written to: an email naming it opens a new ticket (issue 26).
      .where(and(inArray(tickets.ticketNumber, [...numbers]), isNull(tickets.deletedAt)))
      .orderBy(tickets.id)
      .for('update')
  );
}

export interface LockedTicket {
  id: string;
  subject: string;
  status: string;
  priority: string;
  assignedTo: string | null;
  assignedAt: Date | null;
  closedAt: Date | null;
  createdAt: Date;
  harvestTimeEntryId: number | null;
  notes: string | null;
  updatedAt: Date;
  tags: string[];
  customFields: CustomFieldValues;
  groupId: string | null;
  /** The database's time for this transaction, so every timestamp of one change agrees. */
  now: Date;
}

/**
 * Locks the existing tickets among `ids` until the transaction ends. Rows are locked in id order so
 * two bulk changes over overlapping tickets cannot deadlock. A named statement (every write of a
 * ticket starts with it): parsed and planned once per connection.
 */
export function lockTickets(tx: DbOrTx, ids: readonly string[]): Promise<LockedTicket[]> {
  return lockTicketsStatement(tx).execute({ ids: [...ids] });
}

const lockTicketsStatement = oncePerDatabase((tx) =>
  tx
    .select({
      id: tickets.id,
      subject: tickets.subject,
      status: tickets.status,
      priority: tickets.priority,
      assignedTo: tickets.assignedTo,
      assignedAt: tickets.assignedAt,
      closedAt: tickets.closedAt,
      createdAt: tickets.createdAt,
      harvestTimeEntryId: tickets.harvestTimeEntryId,
      notes: tickets.notes,
      updatedAt: tickets.updatedAt,
      tags: tickets.tags,
      customFields: tickets.customFields,
      groupId: tickets.groupId,
      now: sql`now()`.mapWith(tickets.updatedAt),
    })
    .from(tickets)
    // A ticket in the Trash is not changed (restore it first) and no email joins it (issue 26).
    .where(and(sql`${tickets.id} = ANY(${sql.placeholder('ids')}::uuid[])`, isNull(tickets.deletedAt)))
    .orderBy(tickets.id)
    .for('update')
    .prepare('lock_tickets'),
);

/** Whether a time entry recorded for the ticket was pushed to Harvest as `harvestTimeEntryId`. */
export async function isHarvestEntryOfTicket(
  db: DbOrTx,
  ticketId: string,
  harvestTimeEntryId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: timeEntries.id })
    .from(timeEntries)
    .where(and(eq(timeEntries.ticketId, ticketId), eq(timeEntries.harvestTimeEntryId, harvestTimeEntryId)))
    .limit(1);
  return row !== undefined;
}

export async function updateTickets(
  tx: DbOrTx,
  ids: readonly string[],
  changes: Partial<NewTicketRow> & Pick<NewTicketRow, 'updatedAt' | 'lastUpdatedBy'>,
): Promise<void> {
  await tx
    .update(tickets)
    .set(changes)
    .where(inArray(tickets.id, [...ids]));
}

export interface LastChange {
  /** Whether updatedAt is after `since`, compared at the millisecond precision clients see. */
  changedSince: boolean;
  lastUpdatedBy: string | null;
  updater: { id: string; firstName: string | null; lastName: string | null } | null;
}

export async function findLastChange(db: DbOrTx, id: string, since: Date): Promise<LastChange | undefined> {
  const [row] = await db
    .select({
      changedSince: sql<boolean>`date_trunc('milliseconds', ${tickets.updatedAt}) > ${since.toISOString()}::timestamptz`,
      lastUpdatedBy: tickets.lastUpdatedBy,
      updaterId: users.id,
      updaterFirstName: users.firstName,
      updaterLastName: users.lastName,
    })
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.lastUpdatedBy))
    .where(eq(tickets.id, id));
  if (!row) return undefined;
  return {
    changedSince: row.changedSince,
    lastUpdatedBy: row.lastUpdatedBy,
    updater: joinedUser(row.updaterId, row.updaterFirstName, row.updaterLastName),
  };
}

/**
 * Moves tickets in the Trash to another group or none, as they are (issue 39: a group deleted with
 * `moveTo`; restoring brings them back there). The caller records the change.
 */
export async function moveTrashedTicketsToGroup(
  tx: DbOrTx,
  ids: readonly string[],
  groupId: string | null,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(tickets)
    .set({ groupId })
    .where(and(inArray(tickets.id, [...ids]), isNotNull(tickets.deletedAt)));
}
