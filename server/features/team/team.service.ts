import {
  TEAM_MESSAGES,
  type TeamMember,
  type TeamResponse,
  type UpdateTeamMemberInput,
} from '@shared/contracts/team';
import type { Database, DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { recordSecurityEvent } from '../../core/security-events/security-events.repository';
import { withFirstUserLock } from '../auth/auth.service';
import { voidResetTokensOf } from '../auth/password-resets.repository';
import { destroyAllSessionsOf } from '../auth/sessions.repository';
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
