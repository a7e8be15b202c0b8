/**
 * Password reset (issue 22): a single-use link, valid 1 hour, emailed at the account holder's request
 * (the answer is the same, and as quick, whether or not the account exists) or made by an admin for a
 * member. Only the token's hash is stored; using it sets the password and ends every session of the
 * user.
 */
import bcrypt from 'bcrypt';
import { PASSWORD_RESET_MESSAGES, type PasswordResetRequestedResponse } from '@shared/contracts/auth';
import { TEAM_MESSAGES } from '@shared/contracts/team';
import type { Database } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { hashToken, isWellFormedToken } from '../../lib/single-use-token';
import { recordSecurityEvent } from '../audit/security-events.repository';
import { loadEmailSettings } from '../../mail/email-settings';
import * as usersRepository from '../users/users.repository';
import { newResetLink } from './password-reset-link';
import { queuePasswordResetRequest, type PasswordResetDeps } from './password-reset.job';
import * as repository from './password-resets.repository';
import { destroyAllSessionsOf } from './sessions.repository';

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
 * POST /api/team/:id/password-reset: a link for an active member, for the admin to pass on. Every
 * session of the member ends, and the event is recorded, in the same transaction. Not for the admin's
 * own account (403): changing one's password asks for the current one, which a session left open, or
 * taken, does not have.
 */
export async function makeResetLink(
  db: Database,
  memberId: string,
  baseUrl: string,
  by: { actorId: string; ip: string | null },
): Promise<string> {
  if (memberId === by.actorId) throw forbidden(TEAM_MESSAGES.ownPassword);
  return db.transaction(async (tx) => {
    const member = await usersRepository.findUserById(tx, memberId);
    if (!member) throw notFound(TEAM_MESSAGES.memberNotFound);
    if (!member.active) throw conflict(PASSWORD_RESET_MESSAGES.memberDeactivated);
    const url = await newResetLink(tx, member.id, baseUrl);
    await destroyAllSessionsOf(tx, member.id);
    await recordSecurityEvent(tx, {
      kind: 'password_reset_link_made',
      actorId: by.actorId,
      targetId: member.id,
      ip: by.ip,
    });
    return url;
  });
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
