import { Router } from 'express';
import { saveSettingSchema, settingParamsSchema } from '@shared/contracts/settings';
import type { Database } from '../../db/client';
import type { HarvestServices } from '../../harvest/sync/harvest-services';
import { parseInput } from '../../lib/validate';
import { currentUser, requireAdmin, requireAuth } from '../../middleware/require-auth';
import * as settingsService from './settings.service';

/** GET /api/settings/:key for every signed-in user (the token is masked); POST /api/settings for admins. */
export function settingsRoutes(deps: { db: Database; harvest: HarvestServices }) {
  const auth = requireAuth(deps.db);
  const router = Router();

  router.get('/settings/:key', auth, async (req, res) => {
    parseInput(settingParamsSchema, req.params);
    res.set('Cache-Control', 'no-store').json(await settingsService.getHarvestCredentialsSetting(deps));
  });

  router.post('/settings', auth, requireAdmin, async (req, res) => {
    const input = parseInput(saveSettingSchema, req.body);
    res.json(await settingsService.saveHarvestCredentials(deps, currentUser(req).id, input.value));
  });

  return router;
}
