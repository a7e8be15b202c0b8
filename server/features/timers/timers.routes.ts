import { Router } from 'express';
import { z } from 'zod';
import { idSchema } from '@shared/contracts/tickets';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validate';
import { currentUser, requireAuth } from '../../middleware/require-auth';
import * as service from './timers.service';

const ticketParamsSchema = z.object({ id: idSchema });

/** GET /api/timer, POST /api/tickets/:id/timer and DELETE /api/timer: the caller's own timer only. */
export function timersRoutes(deps: { db: Database }) {
  const { db } = deps;
  const auth = requireAuth(db);
  const router = Router();

  router.get('/timer', auth, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await service.getTimer(db, currentUser(req).id));
  });

  router.post('/tickets/:id/timer', auth, async (req, res) => {
    const { id } = parseInput(ticketParamsSchema, req.params);
    res.status(201).json(await service.startTimer(db, currentUser(req).id, id));
  });

  router.delete('/timer', auth, async (req, res) => {
    res.json(await service.stopTimer(db, currentUser(req).id));
  });

  return router;
}
