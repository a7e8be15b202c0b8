/**
 * The saved email settings (the "email" row of `settings`): the SMTP server replies go out through,
 * the From address and name, the outcome of the last hand-over to that server, and the IMAP mailbox
 * tickets are fetched from. The passwords are sealed with the same cipher as the Harvest token; only
 * a hint for the mask is kept in clear.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import {
  SMTP_SECURITY,
  type EmailDeliveryCheck,
  type ImapMailbox,
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

/** The mailbox as the fetcher needs it, the password in clear. */
export type ImapMailboxSettings = ImapMailbox;

export interface EmailSettings {
  smtp: SmtpServerSettings;
  fromAddress: string;
  fromName: string;
  /** Null: no mailbox is read. */
  imap: ImapMailboxSettings | null;
}

const deliveryCheckSchema = z.object({ ok: z.boolean(), at: z.string(), error: z.string().nullable() });

const storedSchema = z.object({
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
  imap: z
    .object({
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
    })
    .nullable()
    .default(null),
  /** The last test email or reply hand-over; written beside the settings, never by a save. */
  lastCheck: deliveryCheckSchema.nullable().catch(null).default(null),
});
export type StoredEmailSettings = z.infer<typeof storedSchema>;

/** Its `stored` form keeps the passwords sealed; once opened, `settings` holds them in clear. */
export type EmailSettingsState = SealedSettingState<StoredEmailSettings, { settings: EmailSettings }>;

/** The stored form of new settings; the last check starts empty (it was about the old ones). */
export function sealEmailSettings(cipher: TokenCipher, settings: EmailSettings): StoredEmailSettings {
  const { password, ...smtp } = settings.smtp;
  let imap: StoredEmailSettings['imap'] = null;
  if (settings.imap) {
    const { password: imapPassword, ...mailbox } = settings.imap;
    const { sealed, hint } = sealSecret(cipher, imapPassword, IMAP_PASSWORD_CONTEXT, MIN_LENGTH_FOR_HINT);
    imap = { ...mailbox, passwordSealed: sealed, passwordHint: hint };
  }
  const smtpSecret = password ? sealSecret(cipher, password, PASSWORD_CONTEXT, MIN_LENGTH_FOR_HINT) : null;
  return {
    smtp: { ...smtp, passwordSealed: smtpSecret?.sealed ?? null, passwordHint: smtpSecret?.hint ?? '' },
    fromAddress: settings.fromAddress,
    fromName: settings.fromName,
    imap,
    lastCheck: null,
  };
}

/** '••••••••abcd' (or the mask characters alone for a short password), '' when none is saved. */
export const maskedPasswordOf = (stored: StoredEmailSettings): string =>
  stored.smtp.passwordSealed === null ? '' : maskToken(stored.smtp.passwordHint);

/** The IMAP password's mask; '' when no mailbox is saved. */
export const maskedImapPasswordOf = (stored: StoredEmailSettings): string =>
  stored.imap ? maskToken(stored.imap.passwordHint) : '';

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
  let imap: ImapMailboxSettings | null = null;
  if (stored.imap) {
    const imapPassword = cipher.open(stored.imap.passwordSealed, IMAP_PASSWORD_CONTEXT);
    if (imapPassword === undefined) return undefined;
    const { passwordSealed: _imapSealed, passwordHint: _imapHint, ...mailbox } = stored.imap;
    imap = { ...mailbox, password: imapPassword };
  }
  const { passwordSealed: _sealed, passwordHint: _hint, ...server } = stored.smtp;
  return { smtp: { ...server, password }, fromAddress: stored.fromAddress, fromName: stored.fromName, imap };
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
