import { asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { cannedResponses, type CannedResponseRow } from '@shared/schema';
import { teamOrPersonalRepository } from '../../core/team-or-personal/team-or-personal.repository';
import type { DbOrTx } from '../../db/client';
import { escapeLikePattern } from '../../lib/like-pattern';

const t = cannedResponses;

/** The team-or-personal queries: a user may use every team response and their own personal ones. */
export const responses = teamOrPersonalRepository(t);

/** The responses `userId` may use whose name or body holds `search`, the most used first. */
export function listUsable(db: DbOrTx, userId: string, search?: string): Promise<CannedResponseRow[]> {
  const pattern = search ? `%${escapeLikePattern(search)}%` : undefined;
  return responses.listVisible(
    db,
    userId,
    [desc(t.usageCount), asc(sql`lower(${t.name})`), asc(t.id)],
    pattern ? or(ilike(t.name, pattern), ilike(t.body, pattern)) : undefined,
  );
}

export async function countUse(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(t)
    .set({ usageCount: sql`${t.usageCount} + 1` })
    .where(eq(t.id, id));
}
