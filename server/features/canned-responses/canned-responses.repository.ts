import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { CannedResponseActions, CannedResponseScope } from '@shared/contracts/canned-responses';
import { cannedResponses, type CannedResponseRow } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { escapeLikePattern } from '../../lib/like-pattern';

const t = cannedResponses;

/** The responses `userId` may use: every team response and their own personal ones. */
const usableBy = (userId: string): SQL =>
  or(and(eq(t.scope, 'team'), isNull(t.ownerId)), and(eq(t.scope, 'personal'), eq(t.ownerId, userId)))!;

export function listUsable(db: DbOrTx, userId: string, search?: string): Promise<CannedResponseRow[]> {
  const pattern = search ? `%${escapeLikePattern(search)}%` : undefined;
  return db
    .select()
    .from(t)
    .where(and(usableBy(userId), pattern ? or(ilike(t.name, pattern), ilike(t.body, pattern)) : undefined))
    .orderBy(desc(t.usageCount), asc(sql`lower(${t.name})`), asc(t.id));
}

/** The response, if `userId` may use it; another agent's personal one is as if it did not exist. */
export async function findUsable(
  db: DbOrTx,
  id: string,
  userId: string,
): Promise<CannedResponseRow | undefined> {
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.id, id), usableBy(userId)));
  return row;
}

export interface CannedResponseValues {
  name: string;
  body: string;
  scope: CannedResponseScope;
  ownerId: string | null;
  actions: CannedResponseActions;
}

export async function insertResponse(db: DbOrTx, values: CannedResponseValues): Promise<CannedResponseRow> {
  const [row] = await db.insert(t).values(values).returning();
  return row!;
}

export async function updateResponse(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<CannedResponseValues, 'name' | 'body' | 'actions'>>,
): Promise<CannedResponseRow | undefined> {
  const [row] = await db
    .update(t)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(t.id, id))
    .returning();
  return row;
}

export async function deleteResponse(db: DbOrTx, id: string): Promise<void> {
  await db.delete(t).where(eq(t.id, id));
}

export async function countUse(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(t)
    .set({ usageCount: sql`${t.usageCount} + 1` })
    .where(eq(t.id, id));
}
