/**
 * The saved email settings (the "email" row of `settings`): the SMTP server replies go out through,
 * the From address and name, the outcome of the last hand-over to that server, and the IMAP mailboxes
 * tickets are fetched from. The passwords are sealed with the same cipher as the Harvest token; only
 * a hint for the mask is kept in clear.
 *
 * The mailboxes were one (`imap`) before issue 39: a row saved so is read as a list of one, whose id
 * is DEFAULT_MAILBOX_ID (its fetch state's key) and whose password opens with the context it was
 * sealed with. A save writes the list (`mailboxes`) and no `imap`.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import {
  SMTP_SECURITY,
  type EmailDeliveryCheck,
  type ImapMailbox,
  type ListedMailbox,
  type SmtpSecurity,
} from '@shared/contracts/email-settings';
import { maskToken } from '@shared/contracts/settings';
import type { DbOrTx } from '../db/client';
import {
  fingerprintOfParts,
  loadSealedSetting,
  sealSecret,
  type SealedSettingState,
} from '../db/sealed-setting';
import { recordEmailDeliveryCheck } from '../db/settings-store';
import { logger } from '../lib/logger';
import type { TokenCipher } from '../lib/token-cipher';

export const EMAIL_SETTINGS_KEY = 'email';
/** Bound into the ciphertext: a sealed password copied into another field does not open there. */
const PASSWORD_CONTEXT = 'settings:email:smtp.password';
const IMAP_PASSWORD_CONTEXT = 'settings:email:imap.password';

/** The id of the one mailbox saved before issue 39, read as the first of the list. */
export const DEFAULT_MAILBOX_ID = 'default';

/** A mailbox's password is bound to that mailbox; the old single one keeps the context it had. */
const mailboxPasswordContext = (id: string) =>
  id === DEFAULT_MAILBOX_ID ? IMAP_PASSWORD_CONTEXT : `settings:email:mailboxes:${id}.password`;
/**
 * The mask shows the password's last characters only when they are a small part of it: a short
 * password shows none (its mask is the mask characters alone).
 */
const MIN_LENGTH_FOR_HINT = 12;

/** The SMTP server as the mailer needs it, the password in clear ('' when none is saved). */
export interface SmtpServerSettings {
  host: string;
  port: number;
  security: SmtpSecurity;
  username: string;
  password: string;
}

/** A mailbox's connection as the fetcher needs it, the password in clear. */
export type ImapMailboxSettings = ImapMailbox;

/** A mailbox of the list: its id, connection (password in clear), folder, action and group. */
export type MailboxSettings = ListedMailbox;

export interface EmailSettings {
  smtp: SmtpServerSettings;
  fromAddress: string;
  fromName: string;
  /** In order; empty: no mailbox is read. */
  mailboxes: MailboxSettings[];
}

const deliveryCheckSchema = z.object({ ok: z.boolean(), at: z.string(), error: z.string().nullable() });

/** A mailbox as stored: its password sealed, a hint for the mask beside it. */
const storedImapSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  security: z.enum(SMTP_SECURITY),
  username: z.string(),
  passwordSealed: z.string(),
  passwordHint: z.string(),
  folder: z.string(),
  afterImport: z.discriminatedUnion('action', [
    z.object({ action: z.literal('mark_read') }),
    z.object({ action: z.literal('move'), folder: z.string() }),
  ]),
});
const storedMailboxSchema = storedImapSchema.extend({ id: z.string(), groupId: z.string().nullable() });
export type StoredMailbox = z.infer<typeof storedMailboxSchema>;

const storedSchema = z
  .object({
    smtp: z.object({
      host: z.string(),
      port: z.number().int(),
      security: z.enum(SMTP_SECURITY),
      username: z.string(),
      /** The sealed password; null when the server takes mail without one. */
      passwordSealed: z.string().nullable(),
      /** The password's last characters for the mask ('' for a short one). */
      passwordHint: z.string(),
    }),
    fromAddress: z.string(),
    fromName: z.string(),
    /** The one mailbox of a row saved before issue 39. */
    imap: storedImapSchema.nullable().default(null),
    mailboxes: z.array(storedMailboxSchema).optional(),
    /** The last test email or reply hand-over; written beside the settings, never by a save. */
    lastCheck: deliveryCheckSchema.nullable().catch(null).default(null),
  })
  .transform(({ imap, mailboxes, ...rest }) => ({
    ...rest,
    mailboxes: mailboxes ?? (imap ? [{ ...imap, id: DEFAULT_MAILBOX_ID, groupId: null }] : []),
  }));
export type StoredEmailSettings = z.output<typeof storedSchema>;

/** Its `stored` form keeps the passwords sealed; once opened, `settings` holds them in clear. */
export type EmailSettingsState = SealedSettingState<StoredEmailSettings, { settings: EmailSettings }>;

/** The stored form of new settings; the last check starts empty (it was about the old ones). */
export function sealEmailSettings(cipher: TokenCipher, settings: EmailSettings): StoredEmailSettings {
  const { password, ...smtp } = settings.smtp;
  const mailboxes = settings.mailboxes.map(({ password: mailboxPassword, ...mailbox }) => {
    const context = mailboxPasswordContext(mailbox.id);
    const { sealed, hint } = sealSecret(cipher, mailboxPassword, context, MIN_LENGTH_FOR_HINT);
    return { ...mailbox, passwordSealed: sealed, passwordHint: hint };
  });
  const smtpSecret = password ? sealSecret(cipher, password, PASSWORD_CONTEXT, MIN_LENGTH_FOR_HINT) : null;
  return {
    smtp: { ...smtp, passwordSealed: smtpSecret?.sealed ?? null, passwordHint: smtpSecret?.hint ?? '' },
    fromAddress: settings.fromAddress,
    fromName: settings.fromName,
    mailboxes,
    lastCheck: null,
  };
}

/** '••••••••abcd' (or the mask characters alone for a short password), '' when none is saved. */
export const maskedPasswordOf = (stored: StoredEmailSettings): string =>
  stored.smtp.passwordSealed === null ? '' : maskToken(stored.smtp.passwordHint);

/** A mailbox password's mask. */
export const maskedMailboxPasswordOf = (mailbox: Pick<StoredMailbox, 'passwordHint'>): string =>
  maskToken(mailbox.passwordHint);

/** Names the mailbox (server, user, folder): another one is read from its start. */
export const mailboxAccountOf = (imap: Pick<ImapMailboxSettings, 'host' | 'port' | 'username' | 'folder'>) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify([imap.host.toLowerCase(), imap.port, imap.username, imap.folder]))
    .digest('hex')
    .slice(0, 32);

export const fingerprintOf = (smtp: SmtpServerSettings): string =>
  fingerprintOfParts([smtp.host, smtp.port, smtp.security, smtp.username, smtp.password]);

/** The settings' passwords opened; undefined when one does not open with this server's key. */
function openEmailSettings(cipher: TokenCipher, stored: StoredEmailSettings): EmailSettings | undefined {
  let password = '';
  if (stored.smtp.passwordSealed !== null) {
    const opened = cipher.open(stored.smtp.passwordSealed, PASSWORD_CONTEXT);
    if (opened === undefined) return undefined;
    password = opened;
  }
  const mailboxes: MailboxSettings[] = [];
  for (const { passwordSealed, passwordHint: _mailboxHint, ...mailbox } of stored.mailboxes) {
    const mailboxPassword = cipher.open(passwordSealed, mailboxPasswordContext(mailbox.id));
    if (mailboxPassword === undefined) return undefined;
    mailboxes.push({ ...mailbox, password: mailboxPassword });
  }
  const { passwordSealed: _sealed, passwordHint: _hint, ...server } = stored.smtp;
  return {
    smtp: { ...server, password },
    fromAddress: stored.fromAddress,
    fromName: stored.fromName,
    mailboxes,
  };
}

/** Reads and opens the saved email settings. */
export function loadEmailSettings(db: DbOrTx, cipher: TokenCipher): Promise<EmailSettingsState> {
  return loadSealedSetting(db, EMAIL_SETTINGS_KEY, {
    parse: (value) => storedSchema.safeParse(value).data,
    open: (stored) => {
      const settings = openEmailSettings(cipher, stored);
      return settings && { settings };
    },
    fingerprint: ({ settings }) => fingerprintOf(settings.smtp),
    unknownShapeWarning: 'The saved email settings have an unknown shape; treating email as not configured',
  });
}

/**
 * How long an unchanged outcome is not written again: replies sent back to back would otherwise each
 * rewrite the settings row for the same "worked".
 */
const UNCHANGED_CHECK_REWRITE_MS = 5_000;

/**
 * Records the outcome of a hand-over as the settings' last check. A change of outcome is always
 * written (an older outcome never replaces a newer one); the same outcome again at most every few
 * seconds, unless `always` (the admin's test email).
 */
export async function recordDeliveryCheck(
  db: DbOrTx,
  outcome: { ok: true } | { ok: false; error: string },
  options: { always?: boolean } = {},
): Promise<void> {
  const now = new Date();
  const check: EmailDeliveryCheck = {
    ok: outcome.ok,
    at: now.toISOString(),
    error: outcome.ok ? null : outcome.error,
  };
  try {
    await recordEmailDeliveryCheck(db, check, {
      rewriteBefore: options.always ? now : new Date(now.getTime() - UNCHANGED_CHECK_REWRITE_MS),
    });
  } catch (error) {
    // The outcome is shown to people; the reply's own state is what matters.
    logger.warn('Could not record the last email delivery check', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
