import { Router } from 'express';
import {
  sessionParamsSchema,
  type RevokeOtherSessionsResponse,
  type SessionsResponse,
} from '@shared/contracts/auth';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validate';
import { currentUser, requireAuth } from '../../middleware/require-auth';
import { countAndDestroyOtherSessionsOf } from '../../core/sessions/sessions.repository';
import * as sessionsService from './sessions.service';

/** Each user's own signed-in sessions (Settings → Sessions): listed, ended one by one or all others. */
export function sessionsRoutes(deps: { db: Database; config: AppConfig; sessionSecret: string }) {
  const { db, config } = deps;
  const ids = sessionsService.createSessionIds(deps.sessionSecret);
  const auth = requireAuth(db);
  const router = Router();

  router.get('/auth/sessions', auth, async (req, res) => {
    const sessions = await sessionsService.listSessions(
      db,
      ids,
      currentUser(req).id,
      req.sessionID,
      config.sessionMaxAgeMs,
    );
    res.set('Cache-Control', 'no-store').json({ sessions } satisfies SessionsResponse);
  });

  router.delete('/auth/sessions/:id', auth, async (req, res) => {
    const { id } = parseInput(sessionParamsSchema, req.params);
    await sessionsService.revokeSession(db, ids, currentUser(req).id, id);
    res.status(204).end();
  });

  router.post('/auth/sessions/revoke-others', auth, async (req, res) => {
    const ended = await countAndDestroyOtherSessionsOf(db, currentUser(req).id, req.sessionID);
    res.json({ success: true, ended } satisfies RevokeOtherSessionsResponse);
  });

  return router;
}
