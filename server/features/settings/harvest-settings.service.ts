/**
 * The Harvest credentials setting: saved whenever well-formed (Harvest is asked afterwards, see
 * harvest-verification.ts), the token sealed and only ever shown masked.
 */
import {
  SETTINGS_MESSAGES,
  maskToken,
  type HarvestCredentialsInput,
  type HarvestCredentialsSettingResponse,
  type SaveSettingResponse,
} from '@shared/contracts/settings';
import { secretFromForm } from '../../db/sealed-setting';
import { fieldRefusal } from '../../lib/validate';
import { HARVEST_CREDENTIALS_KEY, sealHarvestCredentials } from '../../harvest/harvest-credentials';
import { verifySavedCredentials } from '../../harvest/harvest-verification';
import type { SettingsDeps } from './settings-deps';
import * as repository from '../../db/settings-store';

export async function getHarvestCredentialsSetting(
  deps: SettingsDeps,
): Promise<HarvestCredentialsSettingResponse> {
  const state = await deps.harvest.loadCredentials();
  if (state.status === 'not_configured') {
    return {
      key: HARVEST_CREDENTIALS_KEY,
      value: { accountId: '', accessToken: '' },
      configured: false,
      updatedAt: null,
      harvestUser: null,
      verification: null,
    };
  }
  return {
    key: HARVEST_CREDENTIALS_KEY,
    value: { accountId: state.stored.accountId, accessToken: maskToken(state.stored.accessTokenHint) },
    configured: state.status === 'configured',
    updatedAt: state.updatedAt.toISOString(),
    harvestUser: state.stored.harvestUser,
    verification: state.stored.verification,
  };
}

/** The form shows the masked token; sent back unchanged, it means "keep the saved token". */
async function tokenToUse(deps: SettingsDeps, input: HarvestCredentialsInput): Promise<string> {
  const answer = await secretFromForm(input.accessToken, async () => {
    const state = await deps.harvest.loadCredentials();
    return state.status === 'configured'
      ? { hint: state.stored.accessTokenHint, secret: state.credentials.accessToken }
      : undefined;
  });
  if (answer !== 'refused') return answer.secret;
  throw fieldRefusal({ 'value.accessToken': [SETTINGS_MESSAGES.maskedToken] });
}

/**
 * Saves well-formed credentials whatever Harvest says, then asks Harvest about them (docs/decisions/063-harvest-save-then-verify.md): the
 * answer says whether they are verified, rejected (401/403) or not checked because Harvest could not
 * be reached (checked again in the background). Verified credentials match agents to Harvest users.
 */
export async function saveHarvestCredentials(
  deps: SettingsDeps,
  input: HarvestCredentialsInput,
): Promise<SaveSettingResponse> {
  const credentials = { accountId: input.accountId, accessToken: await tokenToUse(deps, input) };
  const unverified = { status: 'unverified' as const, checkedAt: null, lastVerifiedAt: null, error: null };
  await repository.upsertSetting(
    deps.db,
    HARVEST_CREDENTIALS_KEY,
    sealHarvestCredentials(deps.harvest.cipher, credentials, null, unverified),
  );
  const outcome = (await verifySavedCredentials(deps.db, deps.harvest, null, deps.matchHarvestAgents)) ?? {
    verification: unverified,
    harvestUser: null,
  };
  await deps.harvest.credentialsChanged();
  const { verification, harvestUser } = outcome;
  const message =
    verification.status === 'verified' && harvestUser
      ? SETTINGS_MESSAGES.savedVerified(harvestUser.name, harvestUser.email)
      : verification.status === 'rejected'
        ? SETTINGS_MESSAGES.savedRejected(verification.error ?? SETTINGS_MESSAGES.rejected)
        : SETTINGS_MESSAGES.savedUnverified(verification.error ?? 'no answer');
  return { success: true, message, harvestUser, verification };
}
