import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { totpRecoveryCodes, users } from '@shared/schema';
import type { DbOrTx } from '../../db/client';

export interface TotpState {
  secretSealed: string | null;
  pendingSecretSealed: string | null;
  lastStep: number | null;
}

export async function findTotpState(db: DbOrTx, userId: string): Promise<TotpState | undefined> {
  const [row] = await db
    .select({
      secretSealed: users.totpSecretSealed,
      pendingSecretSealed: users.totpPendingSecretSealed,
      lastStep: users.totpLastStep,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function savePendingSecret(db: DbOrTx, userId: string, sealed: string): Promise<void> {
  await db.update(users).set({ totpPendingSecretSealed: sealed }).where(eq(users.id, userId));
}

/** Turns it on: the pending secret becomes the secret, the matched step is used, the codes replaced. */
export async function enableTotp(
  db: DbOrTx,
  userId: string,
  sealed: string,
  step: number,
  recoveryCodeHashes: string[],
): Promise<void> {
  await db
    .update(users)
    .set({
      totpSecretSealed: sealed,
      totpPendingSecretSealed: null,
      totpEnabledAt: sql`now()`,
      totpLastStep: step,
    })
    .where(eq(users.id, userId));
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await db.insert(totpRecoveryCodes).values(recoveryCodeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Turns it off (the user, or an admin's reset); true when the user exists. */
export async function clearTotp(db: DbOrTx, userId: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ totpSecretSealed: null, totpPendingSecretSealed: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  return updated.length > 0;
}

/** Records `step` as used if it is later than the last one, in one statement: a code works once. */
export async function useStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return updated.length > 0;
}

/** Uses a recovery code up if it is the user's and unused, in one statement. */
export async function useRecoveryCode(db: DbOrTx, userId: string, codeHash: string): Promise<boolean> {
  const used = await db
    .update(totpRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(totpRecoveryCodes.userId, userId),
        eq(totpRecoveryCodes.codeHash, codeHash),
        isNull(totpRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: totpRecoveryCodes.id });
  return used.length > 0;
}
