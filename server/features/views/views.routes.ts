import { Router } from 'express';
import { z } from 'zod';
import { idSchema } from '@shared/contracts/tickets';
import {
  createSavedViewSchema,
  updateSavedViewSchema,
  type SavedViewResult,
  type SavedViewsResponse,
} from '@shared/contracts/views';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validate';
import { currentUser, requireAuth } from '../../middleware/require-auth';
import * as service from './views.service';

const idParams = z.object({ id: idSchema });

/** Saved views (issue 26): shared/contracts/views.ts describes the API. */
export function viewsRoutes(deps: { db: Database }) {
  const { db } = deps;
  const auth = requireAuth(db);
  const router = Router();

  router.get('/views', auth, async (req, res) => {
    const views = await service.listViews(db, currentUser(req));
    res.json({ views } satisfies SavedViewsResponse);
  });

  router.post('/views', auth, async (req, res) => {
    const input = parseInput(createSavedViewSchema, req.body);
    const view = await service.createView(db, currentUser(req), input);
    res.status(201).json({ view } satisfies SavedViewResult);
  });

  router.put('/views/:id', auth, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const input = parseInput(updateSavedViewSchema, req.body);
    const view = await service.updateView(db, currentUser(req), id, input);
    res.json({ view } satisfies SavedViewResult);
  });

  router.delete('/views/:id', auth, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    await service.deleteView(db, currentUser(req), id);
    res.status(204).end();
  });

  return router;
}
