import { Router } from 'express';
import { z } from 'zod';
import {
  applyResponseSchema,
  cannedResponsesQuerySchema,
  createCannedResponseSchema,
  updateCannedResponseSchema,
  type CannedResponseResult,
  type CannedResponsesResponse,
} from '@shared/contracts/canned-responses';
import { idSchema } from '@shared/contracts/tickets';
import { addTeamOrPersonalRoutes } from '../../core/team-or-personal/team-or-personal.routes';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validate';
import { currentUser, requireAuth } from '../../middleware/require-auth';
import * as service from './canned-responses.service';

const idParams = z.object({ id: idSchema });

export function cannedResponsesRoutes(deps: { db: Database }) {
  const { db } = deps;
  const auth = requireAuth(db);
  const router = Router();

  addTeamOrPersonalRoutes(router, {
    db,
    auth,
    currentUser,
    path: '/canned-responses',
    one: 'response' satisfies keyof CannedResponseResult,
    many: 'responses' satisfies keyof CannedResponsesResponse,
    createSchema: createCannedResponseSchema,
    updateSchema: updateCannedResponseSchema,
    listQuerySchema: cannedResponsesQuerySchema,
    collection: service.cannedResponses,
  });

  router.post('/tickets/:id/apply-response', auth, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const { responseId } = parseInput(applyResponseSchema, req.body);
    res.json(await service.applyResponse(db, currentUser(req), id, responseId));
  });

  return router;
}
