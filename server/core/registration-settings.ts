/**
 * The registration setting (issue 22): who may create an account from the Register tab. Absent, the
 * spec's default applies: anyone may.
 */
import {
  DEFAULT_REGISTRATION_SETTINGS,
  registrationSettingsSchema,
  type RegistrationSettings,
  type RegistrationSettingsResponse,
} from '@shared/contracts/registration-settings';
import { SETTINGS_MESSAGES, type SaveEmailSettingsResponse } from '@shared/contracts/settings';
import type { DbOrTx } from '../db/client';
import * as repository from '../db/settings-store';

export const REGISTRATION_SETTINGS_KEY = 'registration';

const loadStored = (db: DbOrTx) =>
  repository.findParsedSetting(
    db,
    REGISTRATION_SETTINGS_KEY,
    registrationSettingsSchema,
    DEFAULT_REGISTRATION_SETTINGS,
  );

/** The registration setting in force. */
export async function loadRegistrationSettings(db: DbOrTx): Promise<RegistrationSettings> {
  return (await loadStored(db)).value;
}

export async function getRegistrationSetting(db: DbOrTx): Promise<RegistrationSettingsResponse> {
  const { value, updatedAt } = await loadStored(db);
  return { key: REGISTRATION_SETTINGS_KEY, value, updatedAt: updatedAt?.toISOString() ?? null };
}

export async function saveRegistrationSettings(
  db: DbOrTx,
  value: RegistrationSettings,
): Promise<SaveEmailSettingsResponse> {
  await repository.upsertSetting(db, REGISTRATION_SETTINGS_KEY, value);
  return { success: true, message: SETTINGS_MESSAGES.saved };
}
