/**
 * The loans setting (issue 42): whether an overdue loan also reopens its closed ticket and emails the
 * requester a reminder. Absent, both are off (DEFAULT_LOAN_SETTINGS). Read by the overdue-loan pass of
 * the equipment feature and served by the settings feature, so it lives below both.
 */
import {
  DEFAULT_LOAN_SETTINGS,
  LOAN_SETTINGS_KEY,
  loanSettingsSchema,
  type LoanSettings,
  type LoanSettingsResponse,
} from '@shared/contracts/loan-settings';
import { SETTINGS_MESSAGES, type SaveEmailSettingsResponse } from '@shared/contracts/settings';
import type { DbOrTx } from '../../db/client';
import * as repository from '../../db/settings-store';

const loadStored = (db: DbOrTx) =>
  repository.findParsedSetting(db, LOAN_SETTINGS_KEY, loanSettingsSchema, DEFAULT_LOAN_SETTINGS);

/** The loans setting in force. */
export async function loadLoanSettings(db: DbOrTx): Promise<LoanSettings> {
  return (await loadStored(db)).value;
}

export async function getLoanSetting(db: DbOrTx): Promise<LoanSettingsResponse> {
  const { value, updatedAt } = await loadStored(db);
  return { key: LOAN_SETTINGS_KEY, value, updatedAt: updatedAt?.toISOString() ?? null };
}

export async function saveLoanSettings(db: DbOrTx, value: LoanSettings): Promise<SaveEmailSettingsResponse> {
  await repository.upsertSetting(db, LOAN_SETTINGS_KEY, value);
  return { success: true, message: SETTINGS_MESSAGES.saved };
}
