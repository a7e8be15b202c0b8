import { Router } from 'express';
import { readNotificationsSchema } from '@shared/contracts/notifications';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validate';
import { callerHiddenGroups } from '../../middleware/group-visibility';
import { currentUser, requireAuth } from '../../middleware/require-auth';
import * as service from './notifications.service';

/**
 * GET /api/notifications and POST /api/notifications/read: the caller's own notices only. The answer
 * differs per user, so no poll cache; its strong ETag makes an unchanged poll a 304.
 */
export function notificationsRoutes(deps: { db: Database }) {
  const { db } = deps;
  const auth = requireAuth(db);
  const router = Router();

  router.get('/notifications', auth, async (req, res) => {
    res
      .set('Cache-Control', 'private, no-cache')
      .json(await service.listNotifications(db, currentUser(req).id, await callerHiddenGroups(db, req)));
  });

  router.post('/notifications/read', auth, async (req, res) => {
    const input = parseInput(readNotificationsSchema, req.body);
    const hiddenGroupIds = await callerHiddenGroups(db, req);
    res.json(await service.markNotificationsRead(db, currentUser(req).id, input, hiddenGroupIds));
  });

  return router;
}
