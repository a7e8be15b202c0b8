/**
 * Password reset (issue 22): a single-use link, valid 1 hour, emailed at the account holder's request
 * (the answer is the same, and as quick, whether or not the account exists) or made by an admin for a
 * member (features/team/team.service.ts). Only the token's hash is stored; using it sets the password
 * and ends every session of the user.
 */
import bcrypt from 'bcrypt';
import { PASSWORD_RESET_MESSAGES, type PasswordResetRequestedResponse } from '@shared/contracts/auth';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { hashToken, isWellFormedToken } from '../../lib/single-use-token';
import { recordSecurityEvent } from '../../core/security-events/security-events.repository';
import { loadEmailSettings } from '../../mail/email-settings';
import * as usersRepository from '../../core/users/users.repository';
import { queuePasswordResetRequest, type PasswordResetDeps } from './password-reset.job';
import * as repository from '../../core/accounts/password-resets.repository';
import { destroyAllSessionsOf } from '../../core/sessions/sessions.repository';

/**
 * POST /api/password-reset. The answer depends only on whether email is configured, never on the
 * account: an unknown or deactivated address gets the same 202 and nothing is sent. The request is
 * only queued (password-reset.job.ts), the same work for any address, so the answer's time does not
 * tell either.
 */
export async function requestPasswordReset(
  deps: PasswordResetDeps,
  email: string,
  baseUrl: string,
  ip: string,
): Promise<PasswordResetRequestedResponse> {
  const emailState = await loadEmailSettings(deps.db, deps.cipher);
  if (emailState.status !== 'configured') return { success: true, message: PASSWORD_RESET_MESSAGES.noEmail };
  await queuePasswordResetRequest(deps, { email, baseUrl, ip });
  return { success: true, message: PASSWORD_RESET_MESSAGES.requested };
}

/**
 * POST /api/password-reset/:token: sets the password, uses the token up and ends every session of the
 * user, in one transaction. Unknown, used, expired or malformed tokens: 404 alike.
 */
export async function resetPassword(
  db: Database,
  token: string,
  password: string,
  bcryptCost: number,
  ip: string,
): Promise<void> {
  const invalid = () => notFound(PASSWORD_RESET_MESSAGES.linkInvalid);
  if (!isWellFormedToken(token) || !(await repository.isUsableResetToken(db, hashToken(token)))) {
    throw invalid();
  }
  const passwordHash = await bcrypt.hash(password, bcryptCost);
  await db.transaction(async (tx) => {
    const userId = await repository.useResetToken(tx, hashToken(token));
    if (!userId) throw invalid();
    await usersRepository.updatePasswordHash(tx, userId, passwordHash);
    await destroyAllSessionsOf(tx, userId);
    await recordSecurityEvent(tx, { kind: 'password_reset', targetId: userId, ip });
  });
}
