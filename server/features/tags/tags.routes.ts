import { Router } from 'express';
import { tagsQuerySchema, type TagsResponse } from '@shared/contracts/ticket-fields';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validate';
import { requireAuth } from '../../middleware/require-auth';
import { searchTags } from './tags.service';

/** GET /api/tags?search=&limit= (issue 38): tags in use, for every signed-in user. */
export function tagsRoutes(deps: { db: Database }) {
  const { db } = deps;
  const router = Router();
  router.get('/tags', requireAuth(db), async (req, res) => {
    const query = parseInput(tagsQuerySchema, req.query);
    res.json({ tags: await searchTags(db, query) } satisfies TagsResponse);
  });
  return router;
}
