import { Router } from 'express';
import {
  HARVEST_FALLBACK_MESSAGES,
  HARVEST_FALLBACK_TASKS,
  harvestProjectTasksParamsSchema,
  harvestTasksQuerySchema,
  type HarvestProjectsResponse,
  type HarvestTasksResponse,
} from '@shared/contracts/harvest';
import type { Database } from '../../db/client';
import type { HarvestServices } from '../../harvest/sync/harvest-services';
import { parseInput } from '../../lib/validate';
import { requireAuth } from '../../middleware/require-auth';
import type { HarvestCatalogView } from '../../harvest/harvest-catalog';

function provenance(view: HarvestCatalogView) {
  return view.reason
    ? { source: view.source, reason: view.reason, message: HARVEST_FALLBACK_MESSAGES[view.reason] }
    : { source: view.source };
}

function tasksOf(view: HarvestCatalogView, projectId: number): HarvestTasksResponse {
  // The fallback offers its task for any project, as the spec's client does.
  const tasks =
    view.source === 'fallback'
      ? HARVEST_FALLBACK_TASKS.map(({ id, name }) => ({ id, name }))
      : (view.projects.find((candidate) => candidate.id === projectId)?.tasks ?? []);
  return { tasks, ...provenance(view) };
}

/** The Harvest pickers (spec §7): projects, and the tasks of one project, from the server's cache. */
export function harvestPickerRoutes(deps: { db: Database; harvest: HarvestServices }) {
  const { catalog } = deps.harvest;
  const auth = requireAuth(deps.db);
  const router = Router();

  router.get('/harvest/projects', auth, async (_req, res) => {
    const view = await catalog.get();
    const body: HarvestProjectsResponse = {
      projects: view.projects.map(({ id, name }) => ({ id, name })),
      ...provenance(view),
    };
    res.json(body);
  });

  // Three spellings of one question: the spec leaves the path open, and its default fetcher joins the
  // query key with "/" (GET /api/harvest/tasks/3).
  router.get(['/harvest/projects/:projectId/tasks', '/harvest/tasks/:projectId'], auth, async (req, res) => {
    const { projectId } = parseInput(harvestProjectTasksParamsSchema, req.params);
    res.json(tasksOf(await catalog.get(), projectId));
  });

  router.get('/harvest/tasks', auth, async (req, res) => {
    const { project_id: projectId } = parseInput(harvestTasksQuerySchema, req.query);
    res.json(tasksOf(await catalog.get(), projectId));
  });

  return router;
}
