/**
 * The settings. Harvest credentials: saving tests them against Harvest (GET /v2/users/me) before
 * anything is stored, and says plainly whether they work; the token is stored sealed and only ever
 * shown masked. Email: saved as given (the SMTP server is not asked: Send Test Email does that), the
 * password sealed and only ever shown masked.
 */
import {
  EMAIL_SETTINGS_TEXTS,
  type EmailSettingsInput,
  type EmailSettingsResponse,
  type EmailTestResponse,
} from '@shared/contracts/email-settings';
import { MESSAGE_ERRORS } from '@shared/contracts/messages';
import {
  SETTINGS_MESSAGES,
  isMaskedToken,
  maskToken,
  type HarvestCredentialsInput,
  type HarvestCredentialsSettingResponse,
  type HarvestUserSummary,
  type SaveEmailSettingsResponse,
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
import { newMessageId } from '../../mail/message-id';
import { SmtpSendError, type Mailer } from '../../mail/smtp-transport';
import {
  EMAIL_SETTINGS_KEY,
  loadEmailSettings,
  maskedPasswordOf,
  recordDeliveryCheck,
  sealEmailSettings,
} from './email-settings';
import {
  HARVEST_CREDENTIALS_KEY,
  sealHarvestCredentials,
  type HarvestCredentials,
} from './harvest-credentials';
import * as repository from './settings.repository';

export interface SettingsDeps {
  db: Database;
  harvest: HarvestServices;
  /** Sends the test email (server/mail). */
  mailer: Mailer;
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

// ---------------------------------------------------------------------------------------------------
// Email

export async function getEmailSetting(
  deps: Pick<SettingsDeps, 'db' | 'harvest'>,
): Promise<EmailSettingsResponse> {
  const state = await loadEmailSettings(deps.db, deps.harvest.cipher);
  if (state.status === 'not_configured') {
    return { key: EMAIL_SETTINGS_KEY, value: null, configured: false, lastCheck: null };
  }
  const { stored } = state;
  return {
    key: EMAIL_SETTINGS_KEY,
    value: {
      smtp: {
        host: stored.smtp.host,
        port: stored.smtp.port,
        security: stored.smtp.security,
        username: stored.smtp.username,
        password: maskedPasswordOf(stored),
      },
      fromAddress: stored.fromAddress,
      fromName: stored.fromName,
    },
    configured: state.status === 'configured',
    lastCheck: stored.lastCheck,
  };
}

/**
 * The password to store: none without a username; the saved one when the form sends its mask back
 * unchanged; else the one typed ('' clears it).
 */
async function passwordToStore(
  deps: Pick<SettingsDeps, 'db' | 'harvest'>,
  input: EmailSettingsInput,
): Promise<string> {
  const { username, password } = input.smtp;
  if (!username) return '';
  if (!isMaskedToken(password)) return password;
  const state = await loadEmailSettings(deps.db, deps.harvest.cipher);
  if (
    state.status === 'configured' &&
    state.stored.smtp.passwordSealed !== null &&
    maskedPasswordOf(state.stored) === password
  ) {
    return state.settings.smtp.password;
  }
  throw badRequest(`value.smtp.password: ${SETTINGS_MESSAGES.maskedPassword}`, {
    'value.smtp.password': [SETTINGS_MESSAGES.maskedPassword],
  });
}

export async function saveEmailSettings(
  deps: Pick<SettingsDeps, 'db' | 'harvest'>,
  input: EmailSettingsInput,
): Promise<SaveEmailSettingsResponse> {
  const password = await passwordToStore(deps, input);
  const stored = sealEmailSettings(deps.harvest.cipher, {
    smtp: { ...input.smtp, password },
    fromAddress: input.fromAddress,
    fromName: input.fromName,
  });
  await repository.upsertSetting(deps.db, EMAIL_SETTINGS_KEY, stored);
  return { success: true, message: SETTINGS_MESSAGES.emailSaved };
}

/**
 * Sends a test email through the saved settings to the admin's own address, and records the outcome
 * as the last check. 503 with the server's reason when it does not go.
 */
export async function sendTestEmail(
  deps: SettingsDeps,
  admin: { email: string; firstName: string | null; lastName: string | null },
): Promise<EmailTestResponse> {
  const state = await loadEmailSettings(deps.db, deps.harvest.cipher);
  if (state.status !== 'configured') throw new AppError('unavailable', MESSAGE_ERRORS.emailNotConfigured);
  const { smtp, fromAddress, fromName } = state.settings;
  const adminName = [admin.firstName, admin.lastName].filter(Boolean).join(' ') || admin.email;
  try {
    await deps.mailer.send(smtp, {
      messageId: newMessageId(fromAddress),
      from: { name: fromName, address: fromAddress },
      to: { name: adminName, address: admin.email },
      subject: `Test email from ${fromName}`,
      text: [
        `This is a test email from ${fromName}, sent at ${new Date().toISOString()} because ${adminName} asked for one in Settings.`,
        '',
        `Replies to requesters go out through ${smtp.host}:${smtp.port} from ${fromAddress}.`,
      ].join('\n'),
      // Mail from machines: an autoresponder or the inbound pipeline must not answer it.
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
  } catch (error) {
    if (!(error instanceof SmtpSendError)) throw error;
    await recordDeliveryCheck(deps.db, { ok: false, error: error.failure.reason }, { always: true });
    throw new AppError('unavailable', `${EMAIL_SETTINGS_TEXTS.testFailed}: ${error.failure.reason}`);
  }
  await recordDeliveryCheck(deps.db, { ok: true }, { always: true });
  return { success: true, message: EMAIL_SETTINGS_TEXTS.testSent(admin.email) };
}
