/**
 * The email setting: saved as given (no server is asked: Send Test Email and Test Connection do that)
 * unless a host is on this machine or link-local, the passwords sealed and only ever shown masked and
 * kept only for the server they were saved for. The tests answer with a fixed outcome, never the
 * server's own words. The mailboxes are a list (issue 39), each with its group; the older single
 * `imap` is read as a list of one (docs/decisions/126-group-mailboxes.md).
 */
import crypto from 'node:crypto';
import {
  EMAIL_SETTINGS_TEXTS,
  mailHostNotAllowed,
  sameMailServer,
  type EmailSettingsInput,
  type EmailSettingsResponse,
  type EmailTestResponse,
  type ListedMailbox,
  type MailboxInput,
  type MailboxStatus,
  type MailServerIdentity,
  MAILBOX_MESSAGES,
} from '@shared/contracts/email-settings';
import { GROUP_MESSAGES } from '@shared/contracts/groups';
import { MESSAGE_ERRORS } from '@shared/contracts/messages';
import {
  saveSettingSchema,
  SETTINGS_MESSAGES,
  type SaveEmailSettingsResponse,
} from '@shared/contracts/settings';
import { secretFromForm } from '../../db/sealed-setting';
import { AppError, notFound } from '../../lib/errors';
import { fieldRefusal } from '../../lib/validate';
import { ImapError, openMailbox } from '../../mail/imap-mailbox';
import { isRefusedMailHost, type MailHostPolicy } from '../../mail/mail-server-address';
import { newMessageId } from '../../mail/message-id';
import { SmtpSendError } from '../../mail/smtp-transport';
import {
  findMailboxStates,
  forgetMailboxesExcept,
  startMailboxUnlessSame,
  toMailboxStatus,
} from '../../mail/mailbox-state.repository';
import { existingGroupIds } from './mailbox-groups';
import {
  DEFAULT_MAILBOX_ID,
  EMAIL_SETTINGS_KEY,
  fingerprintOf,
  loadEmailSettings,
  mailboxAccountOf,
  maskedMailboxPasswordOf,
  maskedPasswordOf,
  recordDeliveryCheck,
  sealEmailSettings,
  type EmailSettingsState,
  type MailboxSettings,
  type StoredMailbox,
} from '../../mail/email-settings';
import type { SettingsDeps } from './settings-deps';
import * as repository from '../../db/settings-store';

/** A saved mailbox as answers show it: the password masked. */
const listedMailbox = ({
  passwordSealed: _sealed,
  passwordHint,
  ...mailbox
}: StoredMailbox): ListedMailbox => ({
  ...mailbox,
  password: maskedMailboxPasswordOf({ passwordHint }),
});

export async function getEmailSetting(
  deps: Pick<SettingsDeps, 'db' | 'cipher'>,
): Promise<EmailSettingsResponse> {
  const state = await loadEmailSettings(deps.db, deps.cipher);
  if (state.status === 'not_configured') {
    return {
      key: EMAIL_SETTINGS_KEY,
      value: null,
      configured: false,
      lastCheck: null,
      mailbox: null,
      mailboxStatuses: {},
    };
  }
  const { stored } = state;
  const mailboxes = stored.mailboxes.map(listedMailbox);
  const rows = await findMailboxStates(
    deps.db,
    mailboxes.map((mailbox) => mailbox.id),
  );
  const mailboxStatuses: Record<string, MailboxStatus> = Object.fromEntries(
    rows.map((row) => [row.mailbox, toMailboxStatus(row)]),
  );
  const first = mailboxes[0];
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
      // The older single-mailbox form, exactly as it was: the first mailbox without its id and group.
      imap: first
        ? {
            host: first.host,
            port: first.port,
            security: first.security,
            username: first.username,
            password: first.password,
            folder: first.folder,
            afterImport: first.afterImport,
          }
        : null,
      mailboxes,
    },
    configured: state.status === 'configured',
    lastCheck: stored.lastCheck,
    mailbox: (first && mailboxStatuses[first.id]) ?? null,
    mailboxStatuses,
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

/** A mailbox of the form, with the key path its 400s name ('value.imap' or 'value.mailboxes.2'). */
type MailboxFromForm = MailboxInput & { field: string };

/**
 * The mailboxes the form gives: the list, or else the older single `imap` as a list of one, which is
 * the first saved mailbox again (its id, so its password and its place are kept).
 */
function mailboxesOfForm(input: EmailSettingsInput, saved: readonly MailboxSettings[]): MailboxFromForm[] {
  if (input.mailboxes)
    return input.mailboxes.map((mailbox, index) => ({ ...mailbox, field: `value.mailboxes.${index}` }));
  if (!input.imap) return [];
  return [{ ...input.imap, id: input.imap.id ?? saved[0]?.id ?? DEFAULT_MAILBOX_ID, field: 'value.imap' }];
}

/**
 * The mailbox to store: a saved one keeps its id (and its password when the mask comes back for the
 * same server); any other is new, with an id of its own.
 */
async function mailboxToStore(mailbox: MailboxFromForm, saved: EmailSettingsState): Promise<MailboxSettings> {
  const savedMailbox =
    saved.status === 'configured'
      ? saved.settings.mailboxes.find((each) => each.id === mailbox.id)
      : undefined;
  const storedMailbox =
    saved.status === 'configured' ? saved.stored.mailboxes.find((each) => each.id === mailbox.id) : undefined;
  const password = await passwordToStore(
    `${mailbox.field}.password`,
    mailbox,
    savedMailbox && storedMailbox ? { server: savedMailbox, hint: storedMailbox.passwordHint } : undefined,
  );
  const { field: _field, id: _id, ...rest } = mailbox;
  return { ...rest, id: savedMailbox?.id ?? crypto.randomUUID(), password };
}

/**
 * 400 naming the field: a mailbox's group that does not exist, a mailbox id given twice, or a folder
 * of an account another mailbox of the list reads already (two fetches of one folder would race).
 */
async function checkMailboxList(
  deps: Pick<SettingsDeps, 'db'>,
  mailboxes: readonly MailboxFromForm[],
): Promise<void> {
  const fieldErrors: Record<string, string[]> = {};
  const groupIds = mailboxes.flatMap((mailbox) => (mailbox.groupId ? [mailbox.groupId] : []));
  const existing = await existingGroupIds(deps.db, groupIds);
  const seenAccounts = new Set<string>();
  const seenIds = new Set<string>();
  for (const mailbox of mailboxes) {
    if (mailbox.groupId && !existing.has(mailbox.groupId)) {
      fieldErrors[`${mailbox.field}.groupId`] = [GROUP_MESSAGES.notFound];
    }
    const account = mailboxAccountOf(mailbox);
    if (seenAccounts.has(account) || (mailbox.id !== undefined && seenIds.has(mailbox.id))) {
      fieldErrors[`${mailbox.field}.folder`] = [MAILBOX_MESSAGES.listedTwice];
    }
    seenAccounts.add(account);
    if (mailbox.id !== undefined) seenIds.add(mailbox.id);
  }
  if (Object.keys(fieldErrors).length > 0) throw fieldRefusal(fieldErrors, EMAIL_FIELDS);
}

/** How long a save waits for DNS to tell where a host name points; after that it is saved unchecked. */
const HOST_CHECK_TIMEOUT_MS = 5_000;

/**
 * 400 naming each host the mail host rule refuses (this machine or link-local, unless
 * MAIL_ALLOW_LOOPBACK_HOSTS): such settings are never saved. Every connection checks again, since
 * where a name points can change after the save.
 */
async function checkMailHosts(
  input: EmailSettingsInput,
  mailboxes: readonly MailboxFromForm[],
  policy: MailHostPolicy,
): Promise<void> {
  const hosts: [field: string, label: string, host: string][] = [
    ['value.smtp.host', 'SMTP host', input.smtp.host],
    ...mailboxes.map((mailbox): [string, string, string] => [
      `${mailbox.field}.host`,
      'IMAP host',
      mailbox.host,
    ]),
  ];
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
  const saved = await loadEmailSettings(deps.db, deps.cipher);
  const fromForm = mailboxesOfForm(input, saved.status === 'configured' ? saved.settings.mailboxes : []);
  await checkMailboxList(deps, fromForm);
  await checkMailHosts(input, fromForm, deps.mailHosts);
  const mailboxes: MailboxSettings[] = [];
  for (const mailbox of fromForm) mailboxes.push(await mailboxToStore(mailbox, saved));
  const smtpPassword = await smtpPasswordToStore(input, saved);
  const stored = sealEmailSettings(deps.cipher, {
    smtp: { ...input.smtp, password: smtpPassword },
    fromAddress: input.fromAddress,
    fromName: input.fromName,
    mailboxes,
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
    for (const mailbox of mailboxes) {
      await startMailboxUnlessSame(
        tx,
        mailbox.id,
        mailboxAccountOf(mailbox),
        deps.mailboxImportSince ?? new Date(),
      );
    }
    await forgetMailboxesExcept(
      tx,
      mailboxes.map((mailbox) => mailbox.id),
    );
  });
  deps.onEmailSettingsSaved?.();
  return { success: true, message: SETTINGS_MESSAGES.emailSaved };
}

/**
 * Signs in to a saved mailbox (the first unless `mailboxId` names another) and opens its folder; 503
 * with the outcome when that fails, 404 for an id that is not a saved mailbox's.
 */
export async function testImapConnection(
  deps: Pick<SettingsDeps, 'db' | 'cipher' | 'imapTimeoutMs' | 'mailHosts'>,
  mailboxId?: string,
): Promise<EmailTestResponse> {
  const state = await loadEmailSettings(deps.db, deps.cipher);
  const mailboxes = state.status === 'configured' ? state.settings.mailboxes : [];
  const imap = mailboxId === undefined ? mailboxes[0] : mailboxes.find((each) => each.id === mailboxId);
  if (!imap && mailboxId !== undefined && mailboxes.length > 0) throw notFound(MAILBOX_MESSAGES.notFound);
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
