/**
 * The queries of a table of team-or-personal items (canned responses, saved views): which rows a user
 * sees (every team row, and their own personal ones), one list (the team's, or one owner's), and the
 * plain writes. Each feature adds its own queries (search, usage count, positions) with `visibleTo`
 * and `listOf`, and its own order of the list.
 */
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';

/** The columns the rule reads: a team row has scope 'team' and no owner. */
export type TeamOrPersonalTable = PgTable & {
  id: PgColumn;
  scope: PgColumn;
  ownerId: PgColumn;
  updatedAt: PgColumn;
};

/** A row as the service's rule sees it. */
export interface TeamOrPersonalRow {
  id: string;
  scope: string;
  ownerId: string | null;
}

export interface TeamOrPersonalRepository<Row extends TeamOrPersonalRow, Values> {
  /** The rows `userId` sees: every team row and their own personal ones. */
  visibleTo(userId: string): SQL;
  /** One list of rows: the team's (ownerId null) or one owner's personal rows. */
  listOf(ownerId: string | null): SQL;
  /** The rows `userId` sees that also match `where`, in `orderBy` order. */
  listVisible(db: DbOrTx, userId: string, orderBy: SQL[], where?: SQL): Promise<Row[]>;
  /** The row, if `userId` may see it; another user's personal row is as if it did not exist. */
  findVisible(db: DbOrTx, id: string, userId: string): Promise<Row | undefined>;
  insert(db: DbOrTx, values: Values): Promise<Row>;
  /** Changes the row and stamps `updatedAt`; undefined when it is gone. */
  update(db: DbOrTx, id: string, values: Partial<Values>): Promise<Row | undefined>;
  remove(db: DbOrTx, id: string): Promise<void>;
}

/**
 * The repository of one team-or-personal table. Drizzle cannot type a query over a table it only
 * knows as generic, so the rows are cast back to the table's own row type here, once.
 */
export function teamOrPersonalRepository<T extends TeamOrPersonalTable>(
  t: T,
): TeamOrPersonalRepository<T['$inferSelect'] & TeamOrPersonalRow, T['$inferInsert']> {
  type Row = T['$inferSelect'] & TeamOrPersonalRow;
  // The plain PgTable view of `t`, which drizzle's builders accept without the generic.
  const table: PgTable = t;
  const visibleTo = (userId: string): SQL =>
    or(and(eq(t.scope, 'team'), isNull(t.ownerId)), and(eq(t.scope, 'personal'), eq(t.ownerId, userId)))!;
  const listOf = (ownerId: string | null): SQL =>
    ownerId === null ? isNull(t.ownerId) : eq(t.ownerId, ownerId);

  return {
    visibleTo,
    listOf,
    async listVisible(db, userId, orderBy, where) {
      const rows = await db
        .select()
        .from(table)
        .where(and(visibleTo(userId), where))
        .orderBy(...orderBy);
      return rows as Row[];
    },
    async findVisible(db, id, userId) {
      const [row] = await db
        .select()
        .from(table)
        .where(and(eq(t.id, id), visibleTo(userId)));
      return row as Row | undefined;
    },
    async insert(db, values) {
      const [row] = await db.insert(table).values(values).returning();
      return row as Row;
    },
    async update(db, id, values) {
      const [row] = await db
        .update(table)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(t.id, id))
        .returning();
      return row as Row | undefined;
    },
    async remove(db, id) {
      await db.delete(table).where(eq(t.id, id));
    },
  };
}
