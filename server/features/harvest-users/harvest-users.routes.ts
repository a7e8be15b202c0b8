import { Router } from 'express';
import { z } from 'zod';
import { idSchema } from '@shared/contracts/tickets';
import {
  harvestMappingInputSchema,
  type HarvestMappingResponse,
  type HarvestMappingsResponse,
  type HarvestUsersResponse,
  type MatchHarvestUsersResponse,
} from '@shared/contracts/harvest-users';
import type { Database } from '../../db/client';
import type { HarvestServices } from '../../harvest/sync/harvest-services';
import { parseInput } from '../../lib/validate';
import { requireAdmin, requireAuth } from '../../middleware/require-auth';
import * as service from './harvest-users.service';

const userParamsSchema = z.object({ id: idSchema });

/**
 * GET /api/harvest/users, POST /api/harvest/users/match and PUT /api/users/:id/harvest-user for
 * admins; GET /api/harvest/mapping for everyone signed in (the Time Tracking page says whose name the
 * hours go under).
 */
export function harvestUsersRoutes(deps: { db: Database; harvest: HarvestServices }) {
  const { db, harvest } = deps;
  const auth = requireAuth(db);
  const router = Router();

  router.get('/harvest/users', auth, requireAdmin, async (_req, res) => {
    res
      .set('Cache-Control', 'no-store')
      .json({ users: await service.listHarvestUsers(harvest) } satisfies HarvestUsersResponse);
  });

  router.post('/harvest/users/match', auth, requireAdmin, async (_req, res) => {
    res.json((await service.matchUsers(db, harvest)) satisfies MatchHarvestUsersResponse);
  });

  router.get('/harvest/mapping', auth, async (_req, res) => {
    res
      .set('Cache-Control', 'no-store')
      .json((await service.getMappings(db, harvest)) satisfies HarvestMappingsResponse);
  });

  router.put('/users/:id/harvest-user', auth, requireAdmin, async (req, res) => {
    const { id } = parseInput(userParamsSchema, req.params);
    const { harvestUserId } = parseInput(harvestMappingInputSchema, req.body ?? {});
    res.json((await service.setMapping(db, id, harvestUserId)) satisfies HarvestMappingResponse);
  });

  return router;
}
