import { and, asc, count, eq, isNull, max, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SavedViewQuery } from '@shared/contracts/views';
import type { SavedViewScope } from '@shared/constants';
import { savedViews, type SavedViewRow } from '@shared/schema';
import type { DbOrTx } from '../../db/client';

const t = savedViews;

/** The views `userId` sees: every team view and their own personal ones. */
const visibleTo = (userId: string): SQL =>
  or(and(eq(t.scope, 'team'), isNull(t.ownerId)), and(eq(t.scope, 'personal'), eq(t.ownerId, userId)))!;

/** One list of views: the team's (ownerId null) or one owner's personal views. */
const listOf = (ownerId: string | null): SQL =>
  ownerId === null ? isNull(t.ownerId) : eq(t.ownerId, ownerId);

export function listVisible(db: DbOrTx, userId: string): Promise<SavedViewRow[]> {
  return db
    .select()
    .from(t)
    .where(visibleTo(userId))
    .orderBy(asc(t.position), asc(sql`lower(${t.name})`), asc(t.id));
}

/** The view, if `userId` may see it; another user's personal view is as if it did not exist. */
export async function findVisible(db: DbOrTx, id: string, userId: string): Promise<SavedViewRow | undefined> {
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.id, id), visibleTo(userId)));
  return row;
}

/** How many views the list holds, and the position after its last one. */
export async function listStats(
  db: DbOrTx,
  ownerId: string | null,
): Promise<{ count: number; next: number }> {
  const [row] = await db
    .select({ count: count(), last: max(t.position) })
    .from(t)
    .where(listOf(ownerId));
  return { count: row?.count ?? 0, next: row?.last === null || row?.last === undefined ? 0 : row.last + 1 };
}

/** Whether the list already has a view of this name, letter case aside (`exceptId`: the one renamed). */
export async function nameTaken(
  db: DbOrTx,
  ownerId: string | null,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        listOf(ownerId),
        eq(sql`lower(${t.name})`, name.toLowerCase()),
        exceptId ? ne(t.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface SavedViewValues {
  name: string;
  scope: SavedViewScope;
  ownerId: string | null;
  query: SavedViewQuery;
  position: number;
}

export async function insertView(db: DbOrTx, values: SavedViewValues): Promise<SavedViewRow> {
  const [row] = await db.insert(t).values(values).returning();
  return row!;
}

export async function updateView(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<SavedViewValues, 'name' | 'query' | 'position'>>,
): Promise<SavedViewRow | undefined> {
  const [row] = await db
    .update(t)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(t.id, id))
    .returning();
  return row;
}

export async function deleteView(db: DbOrTx, id: string): Promise<void> {
  await db.delete(t).where(eq(t.id, id));
}
