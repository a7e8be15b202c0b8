import { Router } from 'express';
import {
  teamMemberParamsSchema,
  updateTeamMemberSchema,
  type UpdateTeamMemberResponse,
} from '@shared/contracts/team';
import type { UserTicketCountsResponse } from '@shared/contracts/users';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validate';
import { requireAdmin, requireAuth } from '../../middleware/require-auth';
import { activeTicketCounts } from '../users/users.service';
import * as teamService from './team.service';

/** The Team page of Settings: every route is for admins only (agents get 403). */
export function teamRoutes(deps: { db: Database }) {
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
    const member = await teamService.updateTeamMember(db, id, input);
    res.json({ member } satisfies UpdateTeamMemberResponse);
  });

  return router;
}
