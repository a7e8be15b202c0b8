import { aliasedTable, and, asc, desc, eq, getTableColumns, isNull, not, sql, type SQL } from 'drizzle-orm';
import { loanerEquipment, tickets, users, type LoanerEquipmentRow } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { escapeLikePattern } from '../../lib/like-pattern';

const t = loanerEquipment;

/** Not returned and expected back before the database's today. */
const isOverdueSql = sql<boolean>`(NOT ${t.isReturned} AND ${t.expectedReturnDate} < CURRENT_DATE)`;

/** Not returned and checked out after the database's today: a reservation (issue 42). */
const isReservationSql = sql<boolean>`(NOT ${t.isReturned} AND ${t.checkoutDate} > CURRENT_DATE)`;

/** Every column as drizzle names it, plus the computed `isOverdue` and `isReservation`. */
const recordColumns = { ...getTableColumns(t), isOverdue: isOverdueSql, isReservation: isReservationSql };

export type LoanerEquipmentRowWithStatus = LoanerEquipmentRow & {
  isOverdue: boolean;
  isReservation: boolean;
};

/**
 * Exactly the expression of `loaner_equipment_search_trgm_idx`, so PostgreSQL can answer the
 * substring search from the trigram index instead of reading every row.
 */
const searchDocument = sql`(${t.productType} || ' ' || ${t.personName} || ' ' || ${t.phone} || ' ' || ${t.officeNumber})`;

export interface LoanerListFilter {
  search?: string;
  isReturned?: boolean;
  overdue?: boolean;
}

/** Overdue loans first, then active ones, then returned ones; newest checkout first within each. */
export async function listLoaners(
  db: DbOrTx,
  filter: LoanerListFilter,
): Promise<LoanerEquipmentRowWithStatus[]> {
  const conditions: SQL[] = [];
  if (filter.search) conditions.push(sql`${searchDocument} ILIKE ${`%${escapeLikePattern(filter.search)}%`}`);
  if (filter.isReturned !== undefined) conditions.push(eq(t.isReturned, filter.isReturned));
  if (filter.overdue !== undefined) conditions.push(filter.overdue ? isOverdueSql : not(isOverdueSql));
  return db
    .select(recordColumns)
    .from(t)
    .where(and(...conditions))
    .orderBy(
      sql`CASE WHEN ${isOverdueSql} THEN 0 WHEN NOT ${t.isReturned} THEN 1 ELSE 2 END`,
      desc(t.checkoutDate),
      desc(t.createdAt),
      asc(t.id),
    );
}

export async function findLoanerById(
  db: DbOrTx,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<LoanerEquipmentRowWithStatus | undefined> {
  const query = db.select(recordColumns).from(t).where(eq(t.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The writable columns; `actualReturnDate: 'today'` stores the database's CURRENT_DATE. */
export interface LoanerValues {
  productType: string;
  personName: string;
  phone: string;
  officeNumber: string;
  checkoutDate: string;
  expectedReturnDate: string;
  actualReturnDate: string | null | 'today';
  isReturned: boolean;
  notes: string | null;
  assignedTo: string | null;
  assetId: string | null;
  ticketId: string | null;
}

const returnDateValue = (value: LoanerValues['actualReturnDate'] | undefined) =>
  value === 'today' ? sql`CURRENT_DATE` : value;

export async function insertLoaner(
  db: DbOrTx,
  values: LoanerValues & { createdBy: string },
): Promise<LoanerEquipmentRowWithStatus> {
  const [row] = await db
    .insert(t)
    .values({ ...values, actualReturnDate: returnDateValue(values.actualReturnDate) })
    .returning(recordColumns);
  if (!row) throw new Error('insert into loaner_equipment returned no row');
  return row;
}

export async function updateLoaner(
  db: DbOrTx,
  id: string,
  values: Partial<LoanerValues>,
): Promise<LoanerEquipmentRowWithStatus | undefined> {
  const { actualReturnDate, ...rest } = values;
  const [row] = await db
    .update(t)
    .set({
      ...rest,
      ...(actualReturnDate !== undefined ? { actualReturnDate: returnDateValue(actualReturnDate) } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(t.id, id))
    .returning(recordColumns);
  return row;
}

/** The deleted record, if there was one. */
export async function deleteLoaner(
  db: DbOrTx,
  id: string,
): Promise<LoanerEquipmentRowWithStatus | undefined> {
  const [deleted] = await db.delete(t).where(eq(t.id, id)).returning(recordColumns);
  return deleted;
}

/** A history, newest first: the latest checkout first. */
const newestFirst = [desc(t.checkoutDate), desc(t.createdAt), asc(t.id)] as const;

/** Every loan of an asset (issue 42), returned ones included, newest first. */
export function listLoansOfAsset(db: DbOrTx, assetId: string): Promise<LoanerEquipmentRowWithStatus[]> {
  return db
    .select(recordColumns)
    .from(t)
    .where(eq(t.assetId, assetId))
    .orderBy(...newestFirst);
}

/** Every loan linked to a ticket (issue 42), newest first. */
export function listLoansOfTicket(db: DbOrTx, ticketId: string): Promise<LoanerEquipmentRowWithStatus[]> {
  return db
    .select(recordColumns)
    .from(t)
    .where(eq(t.ticketId, ticketId))
    .orderBy(...newestFirst);
}

/** The group of a ticket; null for a ticket without one, undefined for no such ticket. */
export async function findTicketGroupId(db: DbOrTx, ticketId: string): Promise<string | null | undefined> {
  const [row] = await db.select({ groupId: tickets.groupId }).from(tickets).where(eq(tickets.id, ticketId));
  return row?.groupId;
}

/** Whether a user with this id exists (an assignee must). */
export async function userExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row !== undefined;
}

/** A loan past its expected return date, with the agents to tell: its creator and its assignee. */
export interface OverdueLoan {
  id: string;
  productType: LoanerEquipmentRow['productType'];
  personName: string;
  expectedReturnDate: string;
  createdBy: string;
  creatorRole: string;
  assignedTo: string | null;
  assigneeRole: string | null;
  /** Issue 42: the loan's ticket when it has one outside the Trash (the notice links to it), and its group. */
  ticketId: string | null;
  ticketGroupId: string | null;
}

const creators = aliasedTable(users, 'creator');
const assignees = aliasedTable(users, 'assignee');

/** Every loan not returned whose expected return date is before the database's today. */
export function listOverdueLoans(db: DbOrTx): Promise<OverdueLoan[]> {
  return db
    .select({
      id: t.id,
      productType: t.productType,
      personName: t.personName,
      expectedReturnDate: t.expectedReturnDate,
      createdBy: t.createdBy,
      creatorRole: creators.role,
      assignedTo: t.assignedTo,
      assigneeRole: assignees.role,
      ticketId: tickets.id,
      ticketGroupId: tickets.groupId,
    })
    .from(t)
    .innerJoin(creators, eq(creators.id, t.createdBy))
    .leftJoin(assignees, eq(assignees.id, t.assignedTo))
    .leftJoin(tickets, and(eq(tickets.id, t.ticketId), isNull(tickets.deletedAt)))
    .where(isOverdueSql)
    .orderBy(asc(t.expectedReturnDate), asc(t.id));
}
