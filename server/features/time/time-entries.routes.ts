import { Router, type Request } from 'express';
import { z } from 'zod';
import { idSchema } from '@shared/contracts/tickets';
import {
  createTimeEntrySchema,
  updateTimeEntrySchema,
  timeEntryListQuerySchema,
  timeEntrySummaryQuerySchema,
} from '@shared/contracts/time';
import type { Database } from '../../db/client';
import type { HarvestServices } from '../../harvest/sync/harvest-services';
import { parseInput } from '../../lib/validate';
import { callerHiddenGroups } from '../../middleware/group-visibility';
import { currentUser, requireAuth } from '../../middleware/require-auth';
import * as timeEntriesService from './time-entries.service';

const entryParamsSchema = z.object({ id: idSchema });

export function timeEntriesRoutes(deps: { db: Database; harvest: HarvestServices }) {
  const { db } = deps;
  const auth = requireAuth(db);
  const router = Router();
  // Entries on tickets of private groups the caller may not see are absent for them (issue 39).
  const hidden = (req: Request) => callerHiddenGroups(db, req);
  const actor = async (req: Request) => ({ ...currentUser(req), hiddenGroupIds: await hidden(req) });

  router.get('/time-entries', auth, async (req, res) => {
    const { limit } = parseInput(timeEntryListQuerySchema, req.query);
    res.json(await timeEntriesService.listTimeEntries(db, currentUser(req).id, limit, await hidden(req)));
  });

  router.get('/time-entries/summary', auth, async (req, res) => {
    const { today } = parseInput(timeEntrySummaryQuerySchema, req.query);
    res.json(await timeEntriesService.summarizeTime(db, currentUser(req).id, today, await hidden(req)));
  });

  router.post('/time-entries', auth, async (req, res) => {
    const input = parseInput(createTimeEntrySchema, req.body);
    res.status(201).json(await timeEntriesService.createTimeEntry(deps, currentUser(req).id, input));
  });

  // Own entries; admins any (issue 16). Synced to Harvest as PATCH / DELETE.
  router.put('/time-entries/:id', auth, async (req, res) => {
    const { id } = parseInput(entryParamsSchema, req.params);
    const input = parseInput(updateTimeEntrySchema, req.body ?? {});
    res.json(await timeEntriesService.updateTimeEntry(deps, await actor(req), id, input));
  });

  router.delete('/time-entries/:id', auth, async (req, res) => {
    const { id } = parseInput(entryParamsSchema, req.params);
    res.json(await timeEntriesService.deleteTimeEntry(deps, await actor(req), id));
  });

  return router;
}
