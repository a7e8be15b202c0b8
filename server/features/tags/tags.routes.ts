import { Router } from 'express';
import { tagsQuerySchema, type TagsResponse } from '@shared/contracts/ticket-fields';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validate';
import { callerHiddenGroups } from '../../middleware/group-visibility';
import { requireAuth } from '../../middleware/require-auth';
import { searchTags } from './tags.service';

/**
 * GET /api/tags?search=&limit= (issue 38): tags in use, for every signed-in user; the tickets of
 * private groups the caller may not see are not counted (issue 39).
 */
export function tagsRoutes(deps: { db: Database }) {
  const { db } = deps;
  const router = Router();
  router.get('/tags', requireAuth(db), async (req, res) => {
    const query = parseInput(tagsQuerySchema, req.query);
    const hiddenGroupIds = await callerHiddenGroups(db, req);
    res.json({ tags: await searchTags(db, query, hiddenGroupIds) } satisfies TagsResponse);
  });
  return router;
}
