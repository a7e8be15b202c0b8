import { Router } from 'express';
import { usersQuerySchema, type UserTicketCountsResponse, type UsersResponse } from '@shared/contracts/users';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validate';
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

  router.get('/users/ticket-counts', auth, pollCache(), async (_req, res) => {
    res.json({ userTicketCounts: await activeTicketCounts(db) } satisfies UserTicketCountsResponse);
  });

  return router;
}
