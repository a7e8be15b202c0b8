import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { passwordResets, users } from '@shared/schema';
import type { DbOrTx } from '../../db/client';

/**
 * A token that still works: unused, unexpired, and its user active. Deactivation voids the user's
 * tokens (voidResetTokensOf); the last condition covers one made while it was under way.
 */
const usable = (tokenHash: string) =>
  and(
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
    sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${passwordResets.userId} AND ${users.active})`,
  );

/** Voids every unused token of the user (a newer link, a deactivation). */
export async function voidResetTokensOf(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/**
 * Stores a new reset token (its hash) for the user, valid `validMinutes` on the database clock, and
 * voids their earlier unused ones: only the newest link works.
 */
export async function replaceResetToken(
  db: DbOrTx,
  userId: string,
  tokenHash: string,
  validMinutes: number,
): Promise<void> {
  await voidResetTokensOf(db, userId);
  await db
    .insert(passwordResets)
    .values({ userId, tokenHash, expiresAt: sql`now() + make_interval(mins => ${validMinutes})` });
}

/** Uses the token up if it still works, in one statement; the user's id, or undefined. */
export async function useResetToken(db: DbOrTx, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(usable(tokenHash))
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}

/** Whether the token still works (checked before bcrypt runs: a made-up token costs a lookup). */
export async function isUsableResetToken(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const [row] = await db.select({ id: passwordResets.id }).from(passwordResets).where(usable(tokenHash));
  return row !== undefined;
}
