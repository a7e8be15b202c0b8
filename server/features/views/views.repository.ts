import { and, asc, count, eq, max, ne, sql } from 'drizzle-orm';
import { savedViews, type SavedViewRow } from '@shared/schema';
import { teamOrPersonalRepository } from '../../core/team-or-personal/team-or-personal.repository';
import type { DbOrTx } from '../../db/client';

const t = savedViews;

/** The team-or-personal queries: a user sees every team view and their own personal ones. */
export const views = teamOrPersonalRepository(t);

export function listVisible(db: DbOrTx, userId: string): Promise<SavedViewRow[]> {
  return views.listVisible(db, userId, [asc(t.position), asc(sql`lower(${t.name})`), asc(t.id)]);
}

/** How many views the list holds, and the position after its last one. */
export async function listStats(
  db: DbOrTx,
  ownerId: string | null,
): Promise<{ count: number; next: number }> {
  const [row] = await db
    .select({ count: count(), last: max(t.position) })
    .from(t)
    .where(views.listOf(ownerId));
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
        views.listOf(ownerId),
        eq(sql`lower(${t.name})`, name.toLowerCase()),
        exceptId ? ne(t.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}
