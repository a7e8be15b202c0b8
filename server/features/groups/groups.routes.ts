import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  createGroupSchema,
  updateGroupSchema,
  type GroupResponse,
  type GroupsResponse,
} from '@shared/contracts/groups';
import { idSchema } from '@shared/contracts/tickets';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validate';
import { currentUser, requireAdmin, requireAuth } from '../../middleware/require-auth';
import * as service from './groups.service';

const idParams = z.object({ id: idSchema });

const actorOf = (req: Request): service.GroupsActor => ({ actorId: currentUser(req).id, ip: req.ip ?? null });

/** Groups (issue 39, shared/contracts/groups.ts): every signed-in user reads them, admins define them. */
export function groupsRoutes(deps: { db: Database }) {
  const { db } = deps;
  const auth = requireAuth(db);
  const router = Router();

  router.get('/groups', auth, async (_req, res) => {
    res.json({ groups: await service.listGroups(db) } satisfies GroupsResponse);
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
    await service.deleteGroup(db, id, actorOf(req));
    res.status(204).end();
  });

  return router;
}
