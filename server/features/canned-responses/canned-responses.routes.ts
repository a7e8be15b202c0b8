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
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validate';
import { currentUser, requireAuth } from '../../middleware/require-auth';
import * as service from './canned-responses.service';

const idParams = z.object({ id: idSchema });

export function cannedResponsesRoutes(deps: { db: Database }) {
  const { db } = deps;
  const auth = requireAuth(db);
  const router = Router();

  router.get('/canned-responses', auth, async (req, res) => {
    const { search } = parseInput(cannedResponsesQuerySchema, req.query);
    const responses = await service.listResponses(db, currentUser(req), search);
    res.json({ responses } satisfies CannedResponsesResponse);
  });

  router.post('/canned-responses', auth, async (req, res) => {
    const input = parseInput(createCannedResponseSchema, req.body);
    const response = await service.createResponse(db, currentUser(req), input);
    res.status(201).json({ response } satisfies CannedResponseResult);
  });

  router.put('/canned-responses/:id', auth, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const input = parseInput(updateCannedResponseSchema, req.body);
    const response = await service.updateResponse(db, currentUser(req), id, input);
    res.json({ response } satisfies CannedResponseResult);
  });

  router.delete('/canned-responses/:id', auth, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    await service.deleteResponse(db, currentUser(req), id);
    res.status(204).end();
  });

  router.post('/tickets/:id/apply-response', auth, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const { responseId } = parseInput(applyResponseSchema, req.body);
    res.json(await service.applyResponse(db, currentUser(req), id, responseId));
  });

  return router;
}
