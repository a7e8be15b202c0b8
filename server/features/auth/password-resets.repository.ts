import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { passwordResets } from '@shared/schema';
import type { DbOrTx } from '../../db/client';

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
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  await db
    .insert(passwordResets)
    .values({ userId, tokenHash, expiresAt: sql`now() + make_interval(mins => ${validMinutes})` });
}

/** Uses the token up if it is unused and unexpired, in one statement; the user's id, or undefined. */
export async function useResetToken(db: DbOrTx, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}

/** Whether the token is unused and unexpired (checked before bcrypt runs: a made-up token costs a lookup). */
export async function isUsableResetToken(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    );
  return row !== undefined;
}
