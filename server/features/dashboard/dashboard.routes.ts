import { Router } from 'express';
import type { DashboardStats } from '@shared/contracts/dashboard';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { pollCache } from '../../middleware/poll-cache';
import { requireAuth } from '../../middleware/require-auth';
import { dashboardStats } from './dashboard.service';

export function dashboardRoutes(deps: { db: Database; config: AppConfig }) {
  const { db } = deps;
  const router = Router();

  router.get('/dashboard/stats', requireAuth(db), pollCache(), async (_req, res) => {
    res.json((await dashboardStats(db)) satisfies DashboardStats);
  });

  return router;
}
