import { Router } from 'express';
import {
  createSavedViewSchema,
  updateSavedViewSchema,
  type SavedViewResult,
  type SavedViewsResponse,
} from '@shared/contracts/views';
import { addTeamOrPersonalRoutes } from '../../core/team-or-personal/team-or-personal.routes';
import type { Database } from '../../db/client';
import { currentUser, requireAuth } from '../../middleware/require-auth';
import { savedViews } from './views.service';

/** Saved views (issue 26): shared/contracts/views.ts describes the API. */
export function viewsRoutes(deps: { db: Database }) {
  const { db } = deps;
  const router = Router();
  addTeamOrPersonalRoutes(router, {
    db,
    auth: requireAuth(db),
    currentUser,
    path: '/views',
    one: 'view' satisfies keyof SavedViewResult,
    many: 'views' satisfies keyof SavedViewsResponse,
    createSchema: createSavedViewSchema,
    updateSchema: updateSavedViewSchema,
    collection: savedViews,
  });
  return router;
}
