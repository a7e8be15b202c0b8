import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { portalSessions } from '@shared/schema';
import type { DbOrTx } from '../../db/client';

/** Stores a requester session (its token's hash) valid `days` on the database clock. */
export async function insertPortalSession(db: DbOrTx, tokenHash: string, email: string, days: number) {
  await db
    .insert(portalSessions)
    .values({ tokenHash, email, expiresAt: sql`now() + make_interval(days => ${days})` });
}

/** The address of a session that still works, or undefined. */
export async function findPortalSessionEmail(db: DbOrTx, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ email: portalSessions.email })
    .from(portalSessions)
    .where(and(eq(portalSessions.tokenHash, tokenHash), gt(portalSessions.expiresAt, sql`now()`)));
  return row?.email;
}

export async function deletePortalSession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(portalSessions).where(eq(portalSessions.tokenHash, tokenHash));
}

/** Sessions past their end, removed as new ones start (no sweeper needed: they are small rows). */
export async function deleteExpiredPortalSessions(db: DbOrTx): Promise<void> {
  await db.delete(portalSessions).where(lte(portalSessions.expiresAt, sql`now()`));
}
