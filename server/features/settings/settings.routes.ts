import { Router } from 'express';
import type { SettingKey } from '@shared/constants';
import { imapTestInputSchema } from '@shared/contracts/email-settings';
import { saveSettingSchema, settingParamsSchema, type SaveSettingInput } from '@shared/contracts/settings';
import type { DbOrTx } from '../../db/client';
import { parseInput } from '../../lib/validate';
import { currentUser, requireAdmin, requireAuth } from '../../middleware/require-auth';
import * as emailSettings from './email-settings.service';
import { recordSecurityEvent } from '../../core/security-events/security-events.repository';
import * as harvestSettings from './harvest-settings.service';
import * as registrationSettings from '../../core/registration-settings';
import * as slaSettings from '../../core/sla/sla-settings';
import * as portalSettings from '../../core/portal/portal-settings';
import * as loanSettings from '../../core/loans/loan-settings';
import { loadTicketDeletionSetting, saveTicketDeletionSetting } from '../../core/ticket-deletion';
import type { SettingsDeps } from './settings-deps';

/**
 * GET /api/settings/:key for every signed-in user (secrets masked); POST /api/settings and
 * POST /api/settings/email/test (a test email to the caller) and POST /api/settings/email/imap/test
 * (signs in to the saved mailbox) for admins.
 */
export function settingsRoutes(deps: SettingsDeps) {
  const auth = requireAuth(deps.db);
  const router = Router();

  /** Each setting's reader, by key: one place to add a setting. */
  const readers = {
    harvest_credentials: () => harvestSettings.getHarvestCredentialsSetting(deps),
    email: () => emailSettings.getEmailSetting(deps),
    registration: () => registrationSettings.getRegistrationSetting(deps.db),
    ticket_deletion: () => loadTicketDeletionSetting(deps.db),
    business_hours: () => slaSettings.getBusinessHours(deps.db),
    sla_policies: () => slaSettings.getSlaPolicies(deps.db),
    portal: () => portalSettings.getPortalSetting(deps.db),
    loans: () => loanSettings.getLoanSetting(deps.db),
  } satisfies Record<SettingKey, () => Promise<unknown>>;

  router.get('/settings/:key', auth, async (req, res) => {
    const { key } = parseInput(settingParamsSchema, req.params);
    res.set('Cache-Control', 'no-store').json(await readers[key]());
  });

  router.post('/settings', auth, requireAdmin, async (req, res) => {
    const input = parseInput(saveSettingSchema, req.body);
    const answer = await saveSetting(deps, input);
    // Only that an admin changed settings, and from where: values may be secrets.
    await recordSecurityEvent(deps.db, {
      kind: 'settings_changed',
      actorId: currentUser(req).id,
      ip: req.ip,
    });
    res.json(answer);
  });

  router.post('/settings/email/test', auth, requireAdmin, async (req, res) => {
    res.json(await emailSettings.sendTestEmail(deps, currentUser(req)));
  });

  router.post('/settings/email/imap/test', auth, requireAdmin, async (req, res) => {
    const { mailboxId } = parseInput(imapTestInputSchema, req.body ?? {});
    res.json(await emailSettings.testImapConnection(deps, mailboxId));
  });

  return router;
}

/** Saves one setting with its own service. */
function saveSetting(deps: SettingsDeps, input: SaveSettingInput): Promise<unknown> {
  switch (input.key) {
    case 'harvest_credentials':
      return harvestSettings.saveHarvestCredentials(deps, input.value);
    case 'email':
      return emailSettings.saveEmailSettings(deps, input.value);
    case 'registration':
      return registrationSettings.saveRegistrationSettings(deps.db, input.value);
    case 'ticket_deletion':
      return saveTicketDeletionSetting(deps.db, input.value);
    case 'business_hours':
      return saveSlaSetting(deps, (tx) => slaSettings.saveBusinessHours(tx, input.value));
    case 'sla_policies':
      return saveSlaSetting(deps, (tx) => slaSettings.saveSlaPolicies(tx, input.value));
    case 'portal':
      return portalSettings.savePortalSettings(deps.db, input.value);
    case 'loans':
      return loanSettings.saveLoanSettings(deps.db, input.value);
  }
}

/** Saves the calendar or the targets and, in the same transaction, asks for the tickets' recompute. */
async function saveSlaSetting<T>(deps: SettingsDeps, save: (tx: DbOrTx) => Promise<T>): Promise<T> {
  const recompute = deps.slaRecompute;
  await recompute?.prepare();
  return deps.db.transaction(async (tx) => {
    const saved = await save(tx);
    await recompute?.enqueue(tx);
    return saved;
  });
}
