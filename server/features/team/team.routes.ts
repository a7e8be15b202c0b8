import { Router } from 'express';
import {
  createInvitationSchema,
  invitationParamsSchema,
  teamMemberParamsSchema,
  updateTeamMemberSchema,
  type UpdateTeamMemberResponse,
} from '@shared/contracts/team';
import type { UserTicketCountsResponse } from '@shared/contracts/users';
import { auditQuerySchema, type AuditPage, type AuditResponse } from '@shared/contracts/audit';
import type { PasswordResetLinkResponse } from '@shared/contracts/auth';
import { requestBaseUrl } from '../../lib/urls';
import { parseInput } from '../../lib/validate';
import { currentUser, requireAdmin, requireAuth } from '../../middleware/require-auth';
import type { AccountEmailDeps } from '../../core/accounts/account-email.job';
import { recordSecurityEvent } from '../../core/security-events/security-events.repository';
import { countEvents, listEvents } from '../../core/security-events/security-events.service';
import { activeTicketCounts } from '../../core/users/active-ticket-counts';
import * as invitationsService from './invitations.service';
import * as teamService from './team.service';

export type TeamDeps = AccountEmailDeps & { publicUrl: string | undefined };

/** The Team page of Settings: every route is for admins only (agents get 403). */
export function teamRoutes(deps: TeamDeps) {
  const { db } = deps;
  const auth = requireAuth(db);
  const router = Router();

  router.get('/team', auth, requireAdmin, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await teamService.listTeam(db));
  });

  // Open tickets per member, deactivated ones included (Team Status leaves them out).
  router.get('/team/ticket-counts', auth, requireAdmin, async (_req, res) => {
    const userTicketCounts = await activeTicketCounts(db, { includeDeactivated: true });
    res.json({ userTicketCounts } satisfies UserTicketCountsResponse);
  });

  router.put('/team/:id', auth, requireAdmin, async (req, res) => {
    const { id } = parseInput(teamMemberParamsSchema, req.params);
    const input = parseInput(updateTeamMemberSchema, req.body);
    const member = await teamService.updateTeamMember(db, id, input, {
      actorId: currentUser(req).id,
      ip: req.ip ?? null,
    });
    res.json({ member } satisfies UpdateTeamMemberResponse);
  });

  // A reset link for another member, for the admin to pass on (email or not); it signs them out.
  router.post('/team/:id/password-reset', auth, requireAdmin, async (req, res) => {
    const { id } = parseInput(teamMemberParamsSchema, req.params);
    const url = await teamService.makeResetLink(db, id, requestBaseUrl(req, deps.publicUrl), {
      actorId: currentUser(req).id,
      ip: req.ip ?? null,
    });
    res.set('Cache-Control', 'no-store').json({ url } satisfies PasswordResetLinkResponse);
  });

  // Resets another member's two-step sign-in (a lost phone): they sign in with the password alone until
  // set up again, and are signed out meanwhile.
  router.delete('/team/:id/totp', auth, requireAdmin, async (req, res) => {
    const { id } = parseInput(teamMemberParamsSchema, req.params);
    await teamService.resetTotp(db, id, { actorId: currentUser(req).id, ip: req.ip ?? null });
    res.status(204).end();
  });

  router.get('/team/audit', auth, requireAdmin, async (req, res) => {
    const query = parseInput(auditQuerySchema, req.query);
    const events = await listEvents(db, query);
    res.set('Cache-Control', 'no-store');
    // Only a page (offset given) answers the total: the answer without it stays as it always was.
    if (query.offset === undefined) {
      res.json({ events } satisfies AuditResponse);
    } else {
      res.json({ events, total: await countEvents(db, query.before) } satisfies AuditPage);
    }
  });

  router.post('/team/invitations', auth, requireAdmin, async (req, res) => {
    const input = parseInput(createInvitationSchema, req.body);
    const admin = currentUser(req);
    const { response } = await invitationsService.createInvitation(
      deps,
      { id: admin.id, name: admin.name },
      input,
      requestBaseUrl(req, deps.publicUrl),
    );
    await recordSecurityEvent(db, { kind: 'invitation_sent', actorId: admin.id, ip: req.ip });
    // The link is in this answer only: nothing may keep a copy of it.
    res.status(201).set('Cache-Control', 'no-store').json(response);
  });

  router.delete('/team/invitations/:id', auth, requireAdmin, async (req, res) => {
    const { id } = parseInput(invitationParamsSchema, req.params);
    await invitationsService.revokeInvitation(db, id);
    await recordSecurityEvent(db, { kind: 'invitation_revoked', actorId: currentUser(req).id, ip: req.ip });
    res.status(204).end();
  });

  return router;
}
