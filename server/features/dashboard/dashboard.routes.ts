import { Router } from 'express';
import type { DashboardStats } from '@shared/contracts/dashboard';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { callerHiddenGroups, groupAudience } from '../../middleware/group-visibility';
import { pollCache } from '../../middleware/poll-cache';
import { requireAuth } from '../../middleware/require-auth';
import { dashboardStats } from './dashboard.service';

export function dashboardRoutes(deps: { db: Database; config: AppConfig }) {
  const { db } = deps;
  const router = Router();

  // Callers who may see the same private groups share an answer (issue 39).
  router.get(
    '/dashboard/stats',
    requireAuth(db),
    pollCache({ audience: groupAudience(db) }),
    async (req, res) => {
      res.json(
        (await dashboardStats(db, new Date(), await callerHiddenGroups(db, req))) satisfies DashboardStats,
      );
    },
  );

  return router;
}
