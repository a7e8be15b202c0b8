/**
 * The email setting: saved as given (no server is asked: Send Test Email and Test Connection do that)
 * unless a host is on this machine or link-local, the passwords sealed and only ever shown masked and
 * kept only for the server they were saved for. The tests answer with a fixed outcome, never the
 * server's own words.
 */
import {
  EMAIL_SETTINGS_TEXTS,
  mailHostNotAllowed,
  sameMailServer,
  type EmailSettingsInput,
  type EmailSettingsResponse,
  type EmailTestResponse,
  type ImapSettingsInput,
  type MailServerIdentity,
} from '@shared/contracts/email-settings';
import { MESSAGE_ERRORS } from '@shared/contracts/messages';
import {
  saveSettingSchema,
  SETTINGS_MESSAGES,
  type SaveEmailSettingsResponse,
} from '@shared/contracts/settings';
import { secretFromForm } from '../../db/sealed-setting';
import { AppError } from '../../lib/errors';
import { fieldRefusal } from '../../lib/validate';
import { ImapError, openMailbox } from '../../mail/imap-mailbox';
import { isRefusedMailHost, type MailHostPolicy } from '../../mail/mail-server-address';
import { newMessageId } from '../../mail/message-id';
import { SmtpSendError } from '../../mail/smtp-transport';
import {
  findMailboxState,
  startMailboxUnlessSame,
  toMailboxStatus,
} from '../../mail/mailbox-state.repository';
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
} from '../../mail/email-settings';
import type { SettingsDeps } from './settings-deps';
import * as repository from '../../db/settings-store';

export async function getEmailSetting(
  deps: Pick<SettingsDeps, 'db' | 'cipher'>,
): Promise<EmailSettingsResponse> {
  const state = await loadEmailSettings(deps.db, deps.cipher);
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

/** Where a 400 about the email setting finds its fields' labels ("value.smtp.host" is "SMTP host"). */
const EMAIL_FIELDS = { schema: saveSettingSchema, input: { key: 'email' } };

/** 400 at a password field: a mask that is not the saved one, or the saved one asked for another server. */
const passwordFieldError = (field: string, message: string) =>
  fieldRefusal({ [field]: [message] }, EMAIL_FIELDS);

type MailServerWithPassword = MailServerIdentity & { password: string };

/**
 * The password to store from a password field: the one typed ('' clears it), or the saved one when
 * the form sends its mask back unchanged and the server is the same: a saved password goes only to the
 * server it was saved for.
 */
async function passwordToStore(
  field: string,
  typed: MailServerWithPassword,
  saved: { server: MailServerWithPassword; hint: string } | undefined,
): Promise<string> {
  const answer = await secretFromForm(
    typed.password,
    () => saved && { hint: saved.hint, secret: saved.server.password },
  );
  if (answer === 'refused') throw passwordFieldError(field, SETTINGS_MESSAGES.maskedPassword);
  if (answer.kept && saved && !sameMailServer(typed, saved.server)) {
    throw passwordFieldError(field, SETTINGS_MESSAGES.passwordForNewServer);
  }
  return answer.secret;
}

/** The SMTP password to store: none without a username. */
function smtpPasswordToStore(input: EmailSettingsInput, saved: EmailSettingsState): Promise<string> {
  if (!input.smtp.username) return Promise.resolve('');
  return passwordToStore(
    'value.smtp.password',
    input.smtp,
    saved.status === 'configured' && saved.stored.smtp.passwordSealed !== null
      ? { server: saved.settings.smtp, hint: saved.stored.smtp.passwordHint }
      : undefined,
  );
}

/** The IMAP password to store. */
function imapPasswordToStore(imap: ImapSettingsInput, saved: EmailSettingsState): Promise<string> {
  return passwordToStore(
    'value.imap.password',
    imap,
    saved.status === 'configured' && saved.settings.imap && saved.stored.imap
      ? { server: saved.settings.imap, hint: saved.stored.imap.passwordHint }
      : undefined,
  );
}

/** How long a save waits for DNS to tell where a host name points; after that it is saved unchecked. */
const HOST_CHECK_TIMEOUT_MS = 5_000;

/**
 * 400 naming each host the mail host rule refuses (this machine or link-local, unless
 * MAIL_ALLOW_LOOPBACK_HOSTS): such settings are never saved. Every connection checks again, since
 * where a name points can change after the save.
 */
async function checkMailHosts(input: EmailSettingsInput, policy: MailHostPolicy): Promise<void> {
  const hosts: [field: string, label: string, host: string][] = [
    ['value.smtp.host', 'SMTP host', input.smtp.host],
  ];
  if (input.imap) hosts.push(['value.imap.host', 'IMAP host', input.imap.host]);
  const refused = await Promise.all(
    hosts.map(([, , host]) => isRefusedMailHost(host, policy, HOST_CHECK_TIMEOUT_MS)),
  );
  const fieldErrors = Object.fromEntries(
    hosts
      .filter((_host, index) => refused[index])
      .map(([field, label]) => [field, [mailHostNotAllowed(label)]]),
  );
  const fields = Object.entries(fieldErrors);
  if (fields.length === 0) return;
  throw fieldRefusal(fieldErrors, EMAIL_FIELDS);
}

/**
 * Saves the email settings as given (no server is asked: the test buttons do that), once the hosts
 * pass the mail host rule. A mailbox that was not read before starts importing what it receives from
 * now on (or from IMAP_IMPORT_SINCE), never its whole history by surprise; saving the same mailbox
 * again continues where it was.
 */
export async function saveEmailSettings(
  deps: Pick<SettingsDeps, 'db' | 'cipher' | 'mailHosts' | 'mailboxImportSince' | 'onEmailSettingsSaved'>,
  input: EmailSettingsInput,
): Promise<SaveEmailSettingsResponse> {
  await checkMailHosts(input, deps.mailHosts);
  const saved = await loadEmailSettings(deps.db, deps.cipher);
  const imap = input.imap && { ...input.imap, password: await imapPasswordToStore(input.imap, saved) };
  const smtpPassword = await smtpPasswordToStore(input, saved);
  const stored = sealEmailSettings(deps.cipher, {
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

/** Signs in to the saved mailbox and opens its folder; 503 with the outcome when that fails. */
export async function testImapConnection(
  deps: Pick<SettingsDeps, 'db' | 'cipher' | 'imapTimeoutMs' | 'mailHosts'>,
): Promise<EmailTestResponse> {
  const state = await loadEmailSettings(deps.db, deps.cipher);
  const imap = state.status === 'configured' ? state.settings.imap : null;
  if (!imap) throw new AppError('unavailable', EMAIL_SETTINGS_TEXTS.imapNotConfigured);
  let mailbox;
  try {
    mailbox = await openMailbox(imap, imap.folder, { ...deps.mailHosts, timeoutMs: deps.imapTimeoutMs });
  } catch (error) {
    if (!(error instanceof ImapError)) throw error;
    throw new AppError('unavailable', `${EMAIL_SETTINGS_TEXTS.imapTestFailed}: ${error.message}`);
  }
  await mailbox.close();
  return { success: true, message: EMAIL_SETTINGS_TEXTS.imapTestOk(imap.host, imap.folder, mailbox.count) };
}

/**
 * Sends a test email through the saved settings to the admin's own address, and records the outcome
 * as the last check. 503 with the outcome when it does not go.
 */
export async function sendTestEmail(
  deps: SettingsDeps,
  admin: { email: string; firstName: string | null; lastName: string | null },
): Promise<EmailTestResponse> {
  const state = await loadEmailSettings(deps.db, deps.cipher);
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
