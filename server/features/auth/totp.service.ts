/**
 * Two-step sign-in (issue 22): TOTP (server/lib/totp.ts) with the secret sealed at rest by the token
 * cipher (bound to its user), ten single-use recovery codes stored as SHA-256, and a code accepted
 * once (the step it matched is stored, and only later steps match after it).
 */
import crypto from 'node:crypto';
import bcrypt from 'bcrypt';
import { PRODUCT_NAME } from '@shared/constants';
import { TOTP_MESSAGES, type LoginTotpInput, type TotpSetupResponse } from '@shared/contracts/auth';
import type { Database, DbOrTx } from '../../db/client';
import { badRequest, conflict } from '../../lib/errors';
import { matchTotp, newTotpSecret, otpauthUrl } from '../../lib/totp';
import type { TokenCipher } from '../../lib/token-cipher';
import * as usersRepository from '../../core/users/users.repository';
import * as repository from '../../core/accounts/totp.repository';

export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const sealContext = (userId: string) => `totp-secret:${userId}`;

/** "abcd-efgh-jkmn-pqrs": 16 characters of an alphabet without look-alikes (about 79 bits). */
function newRecoveryCode(): string {
  const chars = Array.from(
    { length: 16 },
    () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)],
  );
  return [0, 4, 8, 12].map((start) => chars.slice(start, start + 4).join('')).join('-');
}

/** Typed in any case, with or without the dashes and spaces. */
const hashRecoveryCode = (code: string) =>
  crypto.createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');

export async function isTotpEnabled(db: DbOrTx, userId: string): Promise<boolean> {
  return Boolean((await repository.findTotpState(db, userId))?.secretSealed);
}

/** A new secret, kept pending (sealed) until a code from it turns two-step sign-in on. */
export async function setupTotp(
  db: Database,
  cipher: TokenCipher,
  user: { id: string; email: string },
): Promise<TotpSetupResponse> {
  if (await isTotpEnabled(db, user.id)) throw conflict(TOTP_MESSAGES.alreadyOn);
  const secret = newTotpSecret();
  await repository.savePendingSecret(db, user.id, cipher.seal(secret, sealContext(user.id)));
  return { secret, otpauthUrl: otpauthUrl(secret, user.email, PRODUCT_NAME) };
}

/** Confirms the pending secret with a code from it; the ten recovery codes, shown once. */
export async function enableTotp(
  db: Database,
  cipher: TokenCipher,
  userId: string,
  code: string,
): Promise<string[]> {
  const state = await repository.findTotpState(db, userId);
  if (state?.secretSealed) throw conflict(TOTP_MESSAGES.alreadyOn);
  const secret = state?.pendingSecretSealed && cipher.open(state.pendingSecretSealed, sealContext(userId));
  if (!secret) throw badRequest(TOTP_MESSAGES.noSetup, { code: [TOTP_MESSAGES.noSetup] });
  const step = matchTotp(secret, code, Date.now());
  if (step === undefined) throw badRequest(TOTP_MESSAGES.wrongCode, { code: [TOTP_MESSAGES.wrongCode] });
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction((tx) =>
    repository.enableTotp(tx, userId, state.pendingSecretSealed!, step, codes.map(hashRecoveryCode)),
  );
  return codes;
}

/** Turns it off after the password is confirmed (400 on `password` when wrong). */
export async function disableTotp(db: Database, userId: string, password: string): Promise<void> {
  const hash = await usersRepository.findPasswordHashById(db, userId);
  if (!hash || !(await bcrypt.compare(password, hash))) {
    throw badRequest(TOTP_MESSAGES.wrongPassword, { password: [TOTP_MESSAGES.wrongPassword] });
  }
  await db.transaction((tx) => repository.clearTotp(tx, userId));
}

/** The second step of a sign-in: a current code (once) or an unused recovery code (used up). */
export async function verifySecondStep(
  db: Database,
  cipher: TokenCipher,
  userId: string,
  input: LoginTotpInput,
): Promise<boolean> {
  const state = await repository.findTotpState(db, userId);
  if (!state?.secretSealed) return false;
  if (input.recoveryCode !== undefined) {
    return repository.useRecoveryCode(db, userId, hashRecoveryCode(input.recoveryCode));
  }
  const secret = cipher.open(state.secretSealed, sealContext(userId));
  if (!secret || input.code === undefined) return false;
  const step = matchTotp(secret, input.code, Date.now(), state.lastStep ?? -1);
  return step !== undefined && repository.useStep(db, userId, step);
}
