/**
 * The Harvest credentials setting. Saving tests the credentials against Harvest (GET /v2/users/me)
 * before anything is stored, and says plainly whether they work; the token is stored sealed and only
 * ever shown masked.
 */
import {
  SETTINGS_MESSAGES,
  isMaskedToken,
  maskToken,
  type HarvestCredentialsInput,
  type HarvestCredentialsSettingResponse,
  type HarvestUserSummary,
  type SaveSettingResponse,
} from '@shared/contracts/settings';
import type { Database } from '../../db/client';
import {
  HarvestAuthError,
  HarvestError,
  HarvestForbiddenError,
  HarvestNetworkError,
  HarvestRateLimitError,
} from '../../harvest/errors';
import type { HarvestServices } from '../../harvest/sync/harvest-services';
import { AppError, badRequest } from '../../lib/errors';
import {
  HARVEST_CREDENTIALS_KEY,
  sealHarvestCredentials,
  type HarvestCredentials,
} from './harvest-credentials';
import * as repository from './settings.repository';

export interface SettingsDeps {
  db: Database;
  harvest: HarvestServices;
}

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
    };
  }
  return {
    key: HARVEST_CREDENTIALS_KEY,
    value: { accountId: state.stored.accountId, accessToken: maskToken(state.stored.accessTokenHint) },
    configured: state.status === 'configured',
    updatedAt: state.updatedAt.toISOString(),
    harvestUser: state.stored.harvestUser,
  };
}

/** The form shows the masked token; sent back unchanged, it means "keep the saved token". */
async function tokenToUse(deps: SettingsDeps, input: HarvestCredentialsInput): Promise<string> {
  if (!isMaskedToken(input.accessToken)) return input.accessToken;
  const state = await deps.harvest.loadCredentials();
  if (state.status === 'configured' && maskToken(state.stored.accessTokenHint) === input.accessToken) {
    return state.credentials.accessToken;
  }
  throw badRequest(`value.accessToken: ${SETTINGS_MESSAGES.maskedToken}`, {
    'value.accessToken': [SETTINGS_MESSAGES.maskedToken],
  });
}

/** Asks Harvest who these credentials belong to; a failure says why, in words an admin can act on. */
async function checkWithHarvest(
  deps: SettingsDeps,
  credentials: HarvestCredentials,
): Promise<HarvestUserSummary> {
  try {
    const user = await deps.harvest.createClient(credentials).getCurrentUser();
    return { id: user.id, name: `${user.first_name} ${user.last_name}`.trim(), email: user.email };
  } catch (error) {
    if (error instanceof HarvestAuthError) {
      throw badRequest(`${SETTINGS_MESSAGES.rejected}: ${error.description}`);
    }
    if (error instanceof HarvestForbiddenError) {
      throw badRequest(`${SETTINGS_MESSAGES.rejected}: the Harvest user may not read its own profile`);
    }
    if (error instanceof HarvestRateLimitError) {
      throw new AppError(
        'unavailable',
        `${SETTINGS_MESSAGES.harvestFailed}: Harvest is rate-limiting this account, try again in ${error.retryAfterSeconds} s`,
        { retryAfterSeconds: error.retryAfterSeconds },
      );
    }
    if (error instanceof HarvestNetworkError) {
      throw new AppError('unavailable', `${SETTINGS_MESSAGES.unreachable} (${error.message})`);
    }
    if (error instanceof HarvestError) {
      throw new AppError('unavailable', `${SETTINGS_MESSAGES.harvestFailed} (${error.message})`);
    }
    throw error;
  }
}

export async function saveHarvestCredentials(
  deps: SettingsDeps,
  adminId: string,
  input: HarvestCredentialsInput,
): Promise<SaveSettingResponse> {
  const credentials = { accountId: input.accountId, accessToken: await tokenToUse(deps, input) };
  const harvestUser = await checkWithHarvest(deps, credentials);
  const stored = sealHarvestCredentials(deps.harvest.cipher, credentials, harvestUser);
  await deps.db.transaction(async (tx) => {
    await repository.upsertSetting(tx, HARVEST_CREDENTIALS_KEY, stored);
    await repository.setUserHarvestId(tx, adminId, harvestUser.id);
  });
  await deps.harvest.credentialsChanged();
  return {
    success: true,
    message: `${SETTINGS_MESSAGES.saved}. Harvest accepted the credentials: connected as ${harvestUser.name} (${harvestUser.email}).`,
    harvestUser,
  };
}
