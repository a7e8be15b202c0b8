import {
  and,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  sql,
  type Column,
  type SQL,
} from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { SEARCH_TOTAL_CAP, type AssignmentStatus } from '@shared/constants';
import { ticketCounts, tickets, users, type NewTicketRow } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import type { TicketWithAssigneeRow } from './ticket.mapper';

const ticketWithAssigneeColumns = {
  ...getTableColumns(tickets),
  assigneeId: users.id,
  assigneeFirstName: users.firstName,
  assigneeLastName: users.lastName,
};

/** Tickets with their assignee's name in one query (a left join, never a query per ticket). */
const selectTicketsWithAssignee = (db: DbOrTx) =>
  db.select(ticketWithAssigneeColumns).from(tickets).leftJoin(users, eq(users.id, tickets.assignedTo));

export async function findTicketById(db: DbOrTx, id: string): Promise<TicketWithAssigneeRow | undefined> {
  const [row] = await selectTicketsWithAssignee(db).where(eq(tickets.id, id));
  return row;
}

export interface TicketListCriteria {
  offset: number;
  limit: number;
  search?: string;
  statuses?: readonly string[];
  priorities?: readonly string[];
  assignedTo?: string;
  assignmentStatus?: AssignmentStatus;
  /** Lower bounds are inclusive, upper bounds exclusive. */
  createdFrom?: Date;
  createdUntil?: Date;
  closedFrom?: Date;
  closedUntil?: Date;
}

/** LIKE treats % _ and \ specially; a user's search term means them literally. */
export const escapeLikePattern = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Case-insensitive substring search. The expression is exactly the one `tickets_search_trgm_idx` is
 * built on, so the trigram index serves it. No ESCAPE clause: backslash is LIKE's default escape, and
 * an explicit one would hide the pattern behind like_escape() from the planner.
 */
export function ticketSearchCondition(term: string): SQL {
  const pattern = `%${escapeLikePattern(term)}%`;
  return sql`(${tickets.ticketNumber} || ' ' || ${tickets.subject} || ' ' || ${tickets.body} || ' ' || ${tickets.fromName} || ' ' || ${tickets.fromEmail}) ILIKE ${pattern}`;
}

/** The columns that both `tickets` and `ticket_counts` have. */
interface CountedColumns {
  status: Column;
  priority: Column;
  assignedTo: Column;
}

/** The status, priority and assignee conditions, on `tickets` or on `ticket_counts`. */
function countedConditions(columns: CountedColumns, criteria: TicketListCriteria): SQL[] {
  const conditions: (SQL | undefined)[] = [
    criteria.statuses ? inArray(columns.status, [...criteria.statuses]) : undefined,
    criteria.priorities ? inArray(columns.priority, [...criteria.priorities]) : undefined,
    criteria.assignedTo ? eq(columns.assignedTo, criteria.assignedTo) : undefined,
    criteria.assignmentStatus === 'assigned' ? isNotNull(columns.assignedTo) : undefined,
    criteria.assignmentStatus === 'unassigned' ? isNull(columns.assignedTo) : undefined,
  ];
  return conditions.filter((condition) => condition !== undefined);
}

/** Whether ticket_counts can answer the total: no search and no date bound, only counted columns. */
const countedFiltersOnly = (criteria: TicketListCriteria) =>
  !criteria.search &&
  !criteria.createdFrom &&
  !criteria.createdUntil &&
  !criteria.closedFrom &&
  !criteria.closedUntil;

function ticketListConditions(criteria: TicketListCriteria): SQL | undefined {
  return and(
    criteria.search ? ticketSearchCondition(criteria.search) : undefined,
    ...countedConditions(tickets, criteria),
    criteria.createdFrom ? gte(tickets.createdAt, criteria.createdFrom) : undefined,
    criteria.createdUntil ? lt(tickets.createdAt, criteria.createdUntil) : undefined,
    criteria.closedFrom ? gte(tickets.closedAt, criteria.closedFrom) : undefined,
    criteria.closedUntil ? lt(tickets.closedAt, criteria.closedUntil) : undefined,
  );
}

/**
 * How many tickets match. Filters on status, priority and assignee alone (the list's default view
 * among them) are summed from ticket_counts, a few hundred rows kept exact by triggers, instead of
 * counting up to every ticket; a date bound counts the matching tickets themselves, and a search
 * counts them only up to one past SEARCH_TOTAL_CAP.
 */
function countMatching(db: DbOrTx, criteria: TicketListCriteria, where: SQL | undefined) {
  if (countedFiltersOnly(criteria)) {
    return db
      .select({ total: sql<number>`coalesce(sum(${ticketCounts.total}), 0)::int` })
      .from(ticketCounts)
      .where(and(...countedConditions(ticketCounts, criteria)));
  }
  if (criteria.search) {
    const matches = db
      .select({ one: sql`1` })
      .from(tickets)
      .where(where)
      .limit(SEARCH_TOTAL_CAP + 1)
      .as('matches');
    return db.select({ total: sql<number>`count(*)::int` }).from(matches);
  }
  return db
    .select({ total: sql<number>`count(*)::int` })
    .from(tickets)
    .where(where);
}

/** One page of matching tickets, newest first (id breaks ties so pages never overlap), and the total. */
export async function listTickets(
  db: DbOrTx,
  criteria: TicketListCriteria,
): Promise<{ rows: TicketWithAssigneeRow[]; total: number; totalCapped: boolean }> {
  const where = ticketListConditions(criteria);
  const [rows, counted] = await Promise.all([
    selectTicketsWithAssignee(db)
      .where(where)
      .orderBy(desc(tickets.createdAt), desc(tickets.id))
      .limit(criteria.limit)
      .offset(criteria.offset),
    countMatching(db, criteria, where),
  ]);
  const total = counted[0]?.total ?? 0;
  // A search's count stops one past the cap: reaching it means "more than the cap".
  const totalCapped = Boolean(criteria.search) && total > SEARCH_TOTAL_CAP;
  return { rows, total: totalCapped ? SEARCH_TOTAL_CAP : total, totalCapped };
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
): Promise<{ id: string; ticketNumber: string }[]> {
  return tx
    .select({ id: tickets.id, ticketNumber: tickets.ticketNumber })
    .from(tickets)
    .where(inArray(tickets.ticketNumber, [...numbers]))
    .orderBy(tickets.id)
    .for('update');
}

export interface LockedTicket {
  id: string;
  status: string;
  assignedTo: string | null;
  assignedAt: Date | null;
  closedAt: Date | null;
  notes: string | null;
  updatedAt: Date;
  /** The database's time for this transaction, so every timestamp of one change agrees. */
  now: Date;
}

/**
 * Locks the existing tickets among `ids` until the transaction ends. Rows are locked in id order so
 * two bulk changes over overlapping tickets cannot deadlock.
 */
export function lockTickets(tx: DbOrTx, ids: readonly string[]): Promise<LockedTicket[]> {
  return tx
    .select({
      id: tickets.id,
      status: tickets.status,
      assignedTo: tickets.assignedTo,
      assignedAt: tickets.assignedAt,
      closedAt: tickets.closedAt,
      notes: tickets.notes,
      updatedAt: tickets.updatedAt,
      now: sql`now()`.mapWith(tickets.updatedAt),
    })
    .from(tickets)
    .where(inArray(tickets.id, [...ids]))
    .orderBy(tickets.id)
    .for('update');
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

export async function deleteTickets(db: DbOrTx, ids: readonly string[]): Promise<number> {
  const deleted = await db
    .delete(tickets)
    .where(inArray(tickets.id, [...ids]))
    .returning({ id: tickets.id });
  return deleted.length;
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
    updater: row.updaterId
      ? { id: row.updaterId, firstName: row.updaterFirstName, lastName: row.updaterLastName }
      : null,
  };
}
