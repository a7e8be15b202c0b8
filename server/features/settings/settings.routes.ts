import { Router } from 'express';
import { saveSettingSchema, settingParamsSchema } from '@shared/contracts/settings';
import { parseInput } from '../../lib/validate';
import { currentUser, requireAdmin, requireAuth } from '../../middleware/require-auth';
import * as emailSettings from './email-settings.service';
import * as harvestSettings from './harvest-settings.service';
import { loadTicketDeletionSetting, saveTicketDeletionSetting } from './ticket-deletion';
import type { SettingsDeps } from './settings-deps';

/**
 * GET /api/settings/:key for every signed-in user (secrets masked); POST /api/settings and
 * POST /api/settings/email/test (a test email to the caller) and POST /api/settings/email/imap/test
 * (signs in to the saved mailbox) for admins.
 */
export function settingsRoutes(deps: SettingsDeps) {
  const auth = requireAuth(deps.db);
  const router = Router();

  router.get('/settings/:key', auth, async (req, res) => {
    const { key } = parseInput(settingParamsSchema, req.params);
    const setting =
      key === 'email'
        ? await emailSettings.getEmailSetting(deps)
        : key === 'ticket_deletion'
          ? await loadTicketDeletionSetting(deps.db)
          : await harvestSettings.getHarvestCredentialsSetting(deps);
    res.set('Cache-Control', 'no-store').json(setting);
  });

  router.post('/settings', auth, requireAdmin, async (req, res) => {
    const input = parseInput(saveSettingSchema, req.body);
    res.json(
      input.key === 'email'
        ? await emailSettings.saveEmailSettings(deps, input.value)
        : input.key === 'ticket_deletion'
          ? await saveTicketDeletionSetting(deps.db, input.value)
          : await harvestSettings.saveHarvestCredentials(deps, input.value),
    );
  });

  router.post('/settings/email/test', auth, requireAdmin, async (req, res) => {
    res.json(await emailSettings.sendTestEmail(deps, currentUser(req)));
  });

  router.post('/settings/email/imap/test', auth, requireAdmin, async (_req, res) => {
    res.json(await emailSettings.testImapConnection(deps));
  });

  return router;
}
