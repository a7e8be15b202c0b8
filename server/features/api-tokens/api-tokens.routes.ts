import { Router } from 'express';
import { z } from 'zod';
import {
  createApiTokenSchema,
  type ApiTokensResponse,
  type CreateApiTokenResponse,
  type TeamApiTokensResponse,
} from '@shared/contracts/api-tokens';
import { uuidParam } from '@shared/contracts/common';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validate';
import { clientIp } from '../../middleware/client-ip';
import { currentUser, requireAdmin, requireAuth } from '../../middleware/require-auth';
import * as service from './api-tokens.service';

const idParams = z.object({ id: uuidParam });

/**
 * Personal API tokens (issue 43): each user's own under /auth/tokens, everyone's for admins under
 * /team/tokens. Reached with a session only (the token middleware refuses tokens here); the secret
 * is answered once, never stored, never logged.
 */
export function apiTokensRoutes(deps: { db: Database }) {
  const { db } = deps;
  const auth = requireAuth(db);
  const router = Router();
  const actorOf = (req: Parameters<typeof currentUser>[0]) => ({
    id: currentUser(req).id,
    ip: clientIp(req),
  });

  router.post('/auth/tokens', auth, async (req, res) => {
    const input = parseInput(createApiTokenSchema, req.body);
    const created = await service.createToken(db, actorOf(req), input);
    res
      .status(201)
      .set('Cache-Control', 'no-store')
      .json(created satisfies CreateApiTokenResponse);
  });

  router.get('/auth/tokens', auth, async (req, res) => {
    res.json({ tokens: await service.listTokens(db, currentUser(req).id) } satisfies ApiTokensResponse);
  });

  router.delete('/auth/tokens/:id', auth, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    await service.revokeToken(db, actorOf(req), id);
    res.status(204).end();
  });

  router.get('/team/tokens', auth, requireAdmin, async (_req, res) => {
    res.json({ tokens: await service.listTeamTokens(db) } satisfies TeamApiTokensResponse);
  });

  router.delete('/team/tokens/:id', auth, requireAdmin, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    await service.revokeToken(db, actorOf(req), id, true);
    res.status(204).end();
  });

  return router;
}
