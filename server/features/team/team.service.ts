import { PASSWORD_RESET_MESSAGES } from '@shared/contracts/auth';
import {
  TEAM_MESSAGES,
  type TeamMember,
  type TeamResponse,
  type UpdateTeamMemberInput,
} from '@shared/contracts/team';
import type { Database, DbOrTx } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { recordSecurityEvent } from '../../core/security-events/security-events.repository';
import { withFirstUserLock } from '../../core/accounts/accounts.service';
import { newResetLink } from '../../core/accounts/password-reset-link';
import { voidResetTokensOf } from '../../core/accounts/password-resets.repository';
import { clearTotp } from '../../core/accounts/totp.repository';
import { destroyAllSessionsOf } from '../../core/sessions/sessions.repository';
import * as usersRepository from '../../core/users/users.repository';
import { listPendingInvitations, revokePendingInvitationsBy } from './invitations.repository';
import { toTeamInvitation } from './invitations.service';
import { toTeamMember } from './team.mapper';
import * as teamRepository from './team.repository';

/** What a deactivated member leaves behind: sessions, reset links, the invitations they sent. */
async function endEverythingOf(tx: DbOrTx, id: string): Promise<void> {
  await destroyAllSessionsOf(tx, id);
  await voidResetTokensOf(tx, id);
  await revokePendingInvitationsBy(tx, id);
}

export async function listTeam(db: Database): Promise<TeamResponse> {
  const members = await teamRepository.listMembers(db);
  const invitations = await listPendingInvitations(db);
  return { members: members.map(toTeamMember), invitations: invitations.map(toTeamInvitation) };
}

/**
 * Changes a member's role or status. The last active admin can be neither demoted nor deactivated
 * (409): someone must always be able to manage the team. Runs under the lock that serialises the
 * making of admins, so two admins demoting each other at once cannot both succeed. Deactivating ends
 * every session of the member in the same transaction, and voids their reset links and the
 * invitations they made: nothing they held works again, not even once they are reactivated.
 */
export function updateTeamMember(
  db: Database,
  id: string,
  input: UpdateTeamMemberInput,
  by: { actorId: string; ip: string | null },
): Promise<TeamMember> {
  return withFirstUserLock(db, async (tx) => {
    const member = await teamRepository.findMember(tx, id);
    if (!member) throw notFound(TEAM_MESSAGES.memberNotFound);
    const staysActiveAdmin =
      (input.role ?? member.role) === 'admin' && (input.active ?? member.active) === true;
    const isActiveAdmin = member.role === 'admin' && member.active;
    if (isActiveAdmin && !staysActiveAdmin && !(await teamRepository.otherActiveAdminExists(tx, id))) {
      throw conflict(TEAM_MESSAGES.lastActiveAdmin);
    }
    const updated = await teamRepository.updateMember(tx, id, input);
    if (input.active === false) await endEverythingOf(tx, id);
    const event = { actorId: by.actorId, targetId: id, ip: by.ip };
    if (input.role !== undefined && input.role !== member.role) {
      await recordSecurityEvent(tx, { kind: 'role_changed', ...event });
    }
    if (input.active !== undefined && input.active !== member.active) {
      await recordSecurityEvent(tx, { kind: input.active ? 'reactivated' : 'deactivated', ...event });
    }
    return toTeamMember(updated);
  });
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
 * An admin's reset from the Team page: the member signs in with the password alone until they set it
 * up again. Every session of the member ends, and the event is recorded, in the same transaction.
 * Not for the admin's own account (403): turning it off there asks for the password (disableTotp in
 * features/auth), which a session left open, or taken, does not have.
 */
export async function resetTotp(
  db: Database,
  memberId: string,
  by: { actorId: string; ip: string | null },
): Promise<void> {
  if (memberId === by.actorId) throw forbidden(TEAM_MESSAGES.ownTwoStep);
  await db.transaction(async (tx) => {
    if (!(await clearTotp(tx, memberId))) throw notFound(TEAM_MESSAGES.memberNotFound);
    await destroyAllSessionsOf(tx, memberId);
    await recordSecurityEvent(tx, { kind: 'totp_reset', actorId: by.actorId, targetId: memberId, ip: by.ip });
  });
}
