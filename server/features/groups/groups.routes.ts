import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  createGroupSchema,
  deleteGroupQuerySchema,
  updateGroupSchema,
  type GroupResponse,
  type GroupsResponse,
} from '@shared/contracts/groups';
import { idSchema } from '@shared/contracts/tickets';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validate';
import { callerHiddenGroups } from '../../middleware/group-visibility';
import { currentUser, requireAdmin, requireAuth } from '../../middleware/require-auth';
import * as service from './groups.service';

const idParams = z.object({ id: idSchema });

const actorOf = (req: Request): service.GroupsActor => ({ actorId: currentUser(req).id, ip: req.ip ?? null });

/** Groups (issue 39, shared/contracts/groups.ts): every signed-in user reads them, admins define them. */
export function groupsRoutes(deps: { db: Database }) {
  const { db } = deps;
  const auth = requireAuth(db);
  const router = Router();

  // Every group is listed to everyone, private ones too, so a ticket can be handed to any team; a
  // private group's tickets are not the caller's to count unless they are a member (issue 39).
  router.get('/groups', auth, async (req, res) => {
    const hidden = new Set(await callerHiddenGroups(db, req));
    const groups = (await service.listGroups(db)).map((group) =>
      hidden.has(group.id) ? { ...group, openTickets: 0 } : group,
    );
    res.json({ groups } satisfies GroupsResponse);
  });

  router.post('/groups', auth, requireAdmin, async (req, res) => {
    const input = parseInput(createGroupSchema, req.body);
    const group = await service.createGroup(db, input, actorOf(req));
    res.status(201).json({ group } satisfies GroupResponse);
  });

  router.put('/groups/:id', auth, requireAdmin, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const input = parseInput(updateGroupSchema, req.body);
    const group = await service.updateGroup(db, id, input, actorOf(req));
    res.json({ group } satisfies GroupResponse);
  });

  router.delete('/groups/:id', auth, requireAdmin, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const { moveTo } = parseInput(deleteGroupQuerySchema, req.query);
    await service.deleteGroup(db, id, { ...actorOf(req), caller: currentUser(req) }, moveTo);
    res.status(204).end();
  });

  return router;
}
