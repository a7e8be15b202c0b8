/**
 * The portal setting (issue 41): whether requesters have a portal, who may open tickets there and
 * whether closes ask for a rating. Absent, the portal is off (DEFAULT_PORTAL_SETTINGS). Read by the
 * portal's routes, the rating sender and the reply emails' link, so it lives below the features.
 */
import {
  DEFAULT_PORTAL_SETTINGS,
  PORTAL_SETTINGS_KEY,
  portalSettingsSchema,
  type PortalSettings,
  type PortalSettingsResponse,
} from '@shared/contracts/portal';
import { SETTINGS_MESSAGES, type SaveEmailSettingsResponse } from '@shared/contracts/settings';
import type { DbOrTx } from '../../db/client';
import * as repository from '../../db/settings-store';

const loadStored = (db: DbOrTx) =>
  repository.findParsedSetting(db, PORTAL_SETTINGS_KEY, portalSettingsSchema, DEFAULT_PORTAL_SETTINGS);

/** The portal setting in force. */
export async function loadPortalSettings(db: DbOrTx): Promise<PortalSettings> {
  return (await loadStored(db)).value;
}

export async function getPortalSetting(db: DbOrTx): Promise<PortalSettingsResponse> {
  const { value, updatedAt } = await loadStored(db);
  return { key: PORTAL_SETTINGS_KEY, value, updatedAt: updatedAt?.toISOString() ?? null };
}

export async function savePortalSettings(
  db: DbOrTx,
  value: PortalSettings,
): Promise<SaveEmailSettingsResponse> {
  await repository.upsertSetting(db, PORTAL_SETTINGS_KEY, value);
  return { success: true, message: SETTINGS_MESSAGES.saved };
}
