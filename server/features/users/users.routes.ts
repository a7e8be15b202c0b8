import { Router } from 'express';
import { usersQuerySchema, type UserTicketCountsResponse, type UsersResponse } from '@shared/contracts/users';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validate';
import { callerHiddenGroups, groupAudience } from '../../middleware/group-visibility';
import { pollCache } from '../../middleware/poll-cache';
import { requireAuth } from '../../middleware/require-auth';
import { activeTicketCounts } from '../../core/users/active-ticket-counts';
import { listUserSummaries } from './users.service';

export function usersRoutes(deps: { db: Database; config: AppConfig }) {
  const { db } = deps;
  const auth = requireAuth(db);
  const router = Router();

  router.get('/users', auth, pollCache(), async (req, res) => {
    const { include } = parseInput(usersQuerySchema, req.query);
    const users = await listUserSummaries(db, { includeDeactivated: include === 'deactivated' });
    res.json({ users } satisfies UsersResponse);
  });

  // Callers who may see the same private groups share an answer (issue 39).
  router.get('/users/ticket-counts', auth, pollCache({ audience: groupAudience(db) }), async (req, res) => {
    const hiddenGroupIds = await callerHiddenGroups(db, req);
    res.json({
      userTicketCounts: await activeTicketCounts(db, { hiddenGroupIds }),
    } satisfies UserTicketCountsResponse);
  });

  return router;
}
