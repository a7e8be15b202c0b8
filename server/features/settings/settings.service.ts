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
  type ImapSettingsInput,
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
import { openMailbox, ImapError } from '../../mail/imap-mailbox';
import {
  findMailboxState,
  startMailboxUnlessSame,
  toMailboxStatus,
} from '../mailbox/mailbox-state.repository';
import {
  EMAIL_SETTINGS_KEY,
  fingerprintOf,
  loadEmailSettings,
  mailboxAccountOf,
  maskedImapPasswordOf,
  maskedPasswordOf,
  recordDeliveryCheck,
  sealEmailSettings,
  type EmailSettingsState,
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
  /** Connection timeouts of Test Connection (IMAP_TIMEOUT_MS). */
  imapTimeoutMs: number;
  /** Where a newly configured mailbox starts (IMAP_IMPORT_SINCE); the moment of saving when unset. */
  mailboxImportSince?: Date;
  /** Called after the email settings are saved: the mailbox fetch runs at once rather than at its interval. */
  onEmailSettingsSaved?: () => void;
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
    return { key: EMAIL_SETTINGS_KEY, value: null, configured: false, lastCheck: null, mailbox: null };
  }
  const { stored } = state;
  const mailbox = stored.imap ? await findMailboxState(deps.db) : undefined;
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
      imap: stored.imap && {
        host: stored.imap.host,
        port: stored.imap.port,
        security: stored.imap.security,
        username: stored.imap.username,
        password: maskedImapPasswordOf(stored),
        folder: stored.imap.folder,
        afterImport: stored.imap.afterImport,
      },
    },
    configured: state.status === 'configured',
    lastCheck: stored.lastCheck,
    mailbox: mailbox ? toMailboxStatus(mailbox) : null,
  };
}

const maskedPasswordError = (field: string) =>
  badRequest(`${field}: ${SETTINGS_MESSAGES.maskedPassword}`, {
    [field]: [SETTINGS_MESSAGES.maskedPassword],
  });

/**
 * The SMTP password to store: none without a username; the saved one when the form sends its mask
 * back unchanged; else the one typed ('' clears it).
 */
function smtpPasswordToStore(input: EmailSettingsInput, saved: EmailSettingsState): string {
  const { username, password } = input.smtp;
  if (!username) return '';
  if (!isMaskedToken(password)) return password;
  if (
    saved.status === 'configured' &&
    saved.stored.smtp.passwordSealed !== null &&
    maskedPasswordOf(saved.stored) === password
  ) {
    return saved.settings.smtp.password;
  }
  throw maskedPasswordError('value.smtp.password');
}

/** The IMAP password to store: the saved one when the form sends its mask back, else the one typed. */
function imapPasswordToStore(imap: ImapSettingsInput, saved: EmailSettingsState): string {
  if (!isMaskedToken(imap.password)) return imap.password;
  if (
    saved.status === 'configured' &&
    saved.settings.imap &&
    maskedImapPasswordOf(saved.stored) === imap.password
  ) {
    return saved.settings.imap.password;
  }
  throw maskedPasswordError('value.imap.password');
}

/**
 * Saves the email settings as given (no server is asked: the test buttons do that). A mailbox that
 * was not read before starts importing what it receives from now on (or from IMAP_IMPORT_SINCE),
 * never its whole history by surprise; saving the same mailbox again continues where it was.
 */
export async function saveEmailSettings(
  deps: Pick<SettingsDeps, 'db' | 'harvest' | 'mailboxImportSince' | 'onEmailSettingsSaved'>,
  input: EmailSettingsInput,
): Promise<SaveEmailSettingsResponse> {
  const saved = await loadEmailSettings(deps.db, deps.harvest.cipher);
  const imap = input.imap && { ...input.imap, password: imapPasswordToStore(input.imap, saved) };
  const smtpPassword = smtpPasswordToStore(input, saved);
  const stored = sealEmailSettings(deps.harvest.cipher, {
    smtp: { ...input.smtp, password: smtpPassword },
    fromAddress: input.fromAddress,
    fromName: input.fromName,
    imap,
  });
  // The last SMTP check still speaks for an unchanged SMTP server (a save of the mailbox part alone).
  if (
    saved.status === 'configured' &&
    saved.fingerprint === fingerprintOf({ ...input.smtp, password: smtpPassword })
  ) {
    stored.lastCheck = saved.stored.lastCheck;
  }
  await deps.db.transaction(async (tx) => {
    await repository.upsertSetting(tx, EMAIL_SETTINGS_KEY, stored);
    if (imap) await startMailboxUnlessSame(tx, mailboxAccountOf(imap), deps.mailboxImportSince ?? new Date());
  });
  deps.onEmailSettingsSaved?.();
  return { success: true, message: SETTINGS_MESSAGES.emailSaved };
}

/** Signs in to the saved mailbox and opens its folder; 503 with the reason when that fails. */
export async function testImapConnection(
  deps: Pick<SettingsDeps, 'db' | 'harvest' | 'imapTimeoutMs'>,
): Promise<EmailTestResponse> {
  const state = await loadEmailSettings(deps.db, deps.harvest.cipher);
  const imap = state.status === 'configured' ? state.settings.imap : null;
  if (!imap) throw new AppError('unavailable', EMAIL_SETTINGS_TEXTS.imapNotConfigured);
  let mailbox;
  try {
    mailbox = await openMailbox(imap, imap.folder, { timeoutMs: deps.imapTimeoutMs });
  } catch (error) {
    if (!(error instanceof ImapError)) throw error;
    throw new AppError('unavailable', `${EMAIL_SETTINGS_TEXTS.imapTestFailed}: ${error.message}`);
  }
  await mailbox.close();
  return { success: true, message: EMAIL_SETTINGS_TEXTS.imapTestOk(imap.host, imap.folder, mailbox.count) };
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
