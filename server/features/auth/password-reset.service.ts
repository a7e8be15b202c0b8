/**
 * Password reset (issue 22): a single-use link, valid 1 hour, emailed at the account holder's request
 * (the answer is the same whether or not the account exists) or made by an admin for a member. Only
 * the token's hash is stored; using it sets the password and ends every session of the user.
 */
import bcrypt from 'bcrypt';
import { PRODUCT_NAME } from '@shared/constants';
import {
  PASSWORD_RESET_MESSAGES,
  PASSWORD_RESET_VALID_MINUTES,
  type PasswordResetRequestedResponse,
} from '@shared/contracts/auth';
import { TEAM_MESSAGES } from '@shared/contracts/team';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { hashToken, isWellFormedToken, newToken } from '../../lib/single-use-token';
import {
  prepareAccountEmail,
  queueAccountEmail,
  type AccountEmailDeps,
} from '../account-email/account-email.job';
import { recordSecurityEvent } from '../audit/security-events.repository';
import { loadEmailSettings } from '../settings/email-settings';
import * as usersRepository from '../users/users.repository';
import * as repository from './password-resets.repository';
import { destroyAllSessionsOf } from './sessions.repository';

export type PasswordResetDeps = Pick<AccountEmailDeps, 'db' | 'jobs' | 'cipher' | 'config'>;

/** The page of a reset link (client route /reset-password/:token). */
export const passwordResetUrl = (baseUrl: string, token: string) => `${baseUrl}/reset-password/${token}`;

function resetEmail(url: string) {
  return {
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: [
      `Someone, hopefully you, asked to reset the password of your ${PRODUCT_NAME} account.`,
      `Choose a new password with this link. It works once, for ${PASSWORD_RESET_VALID_MINUTES} minutes:`,
      '',
      url,
      '',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

/**
 * POST /api/password-reset. The answer depends only on whether email is configured, never on the
 * account: an unknown or deactivated address gets the same 202 and nothing is sent.
 */
export async function requestPasswordReset(
  deps: PasswordResetDeps,
  email: string,
  baseUrl: string,
  ip: string,
): Promise<PasswordResetRequestedResponse> {
  const emailState = await loadEmailSettings(deps.db, deps.cipher);
  if (emailState.status !== 'configured') return { success: true, message: PASSWORD_RESET_MESSAGES.noEmail };
  const account = await usersRepository.findCredentialsByEmail(deps.db, email);
  if (account?.active) {
    const { token, tokenHash } = newToken();
    await prepareAccountEmail(deps);
    await deps.db.transaction(async (tx) => {
      await repository.replaceResetToken(tx, account.id, tokenHash, PASSWORD_RESET_VALID_MINUTES);
      await queueAccountEmail(tx, deps, { to: email, ...resetEmail(passwordResetUrl(baseUrl, token)) });
      await recordSecurityEvent(tx, { kind: 'password_reset_requested', targetId: account.id, ip });
    });
  }
  return { success: true, message: PASSWORD_RESET_MESSAGES.requested };
}

/** POST /api/team/:id/password-reset: a link for an active member, for the admin to pass on. */
export async function makeResetLink(db: Database, memberId: string, baseUrl: string): Promise<string> {
  const member = await usersRepository.findUserById(db, memberId);
  if (!member) throw notFound(TEAM_MESSAGES.memberNotFound);
  if (!member.active) throw conflict(PASSWORD_RESET_MESSAGES.memberDeactivated);
  const { token, tokenHash } = newToken();
  await repository.replaceResetToken(db, member.id, tokenHash, PASSWORD_RESET_VALID_MINUTES);
  return passwordResetUrl(baseUrl, token);
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
