/**
 * A setting that keeps secrets (the SMTP and IMAP passwords, the Harvest access token). Each secret is
 * sealed with the app's cipher under a context naming its field, so a sealed value copied into another
 * field does not open there; only a hint of its last characters is kept in clear, for the mask the
 * forms show; it is never returned in full. A saved value whose secret no longer opens (ENCRYPTION_KEY
 * changed or lost) reads as `unreadable`, not as absent, so the admin is told to save it again.
 */
import crypto from 'node:crypto';
import type { SettingKey } from '@shared/constants';
import { isMaskedToken, maskToken, TOKEN_VISIBLE_CHARS } from '@shared/contracts/settings';
import { logger } from '../lib/logger';
import type { TokenCipher } from '../lib/token-cipher';
import type { DbOrTx } from './client';
import { findSetting } from './settings-store';

/** `Opened` is what the secrets open into (the settings or credentials in clear). */
export type SealedSettingState<Stored, Opened> =
  | { status: 'not_configured' }
  /** Saved, but a secret does not open with this server's key (ENCRYPTION_KEY changed or lost). */
  | { status: 'unreadable'; stored: Stored; updatedAt: Date }
  | (Opened & {
      status: 'configured';
      /** Changes whenever what it stands for changes; keys caches, never reveals a secret. */
      fingerprint: string;
      stored: Stored;
      updatedAt: Date;
    });

export interface SealedSettingReader<Stored, Opened> {
  /** The stored value, or undefined when its shape is unknown (it then reads as not configured). */
  parse(value: unknown): Stored | undefined | Promise<Stored | undefined>;
  /** The secrets opened, or undefined when one does not open. */
  open(stored: Stored): Opened | undefined;
  fingerprint(opened: Opened): string;
  /** Logged when the stored value has an unknown shape. */
  unknownShapeWarning: string;
}

/** Reads the setting and opens its secrets. */
export async function loadSealedSetting<Stored, Opened>(
  db: DbOrTx,
  key: SettingKey,
  reader: SealedSettingReader<Stored, Opened>,
): Promise<SealedSettingState<Stored, Opened>> {
  const row = await findSetting(db, key);
  if (!row) return { status: 'not_configured' };
  const stored = await reader.parse(row.value);
  if (stored === undefined) {
    logger.warn(reader.unknownShapeWarning);
    return { status: 'not_configured' };
  }
  const opened = reader.open(stored);
  if (opened === undefined) return { status: 'unreadable', stored, updatedAt: row.updatedAt };
  return {
    ...opened,
    status: 'configured',
    fingerprint: reader.fingerprint(opened),
    stored,
    updatedAt: row.updatedAt,
  };
}

export interface SealedSecret {
  sealed: string;
  /** The secret's last characters, for the mask ('' when it is too short to show any). */
  hint: string;
}

/**
 * Seals `secret` for the field `context` names. The hint shows its last characters only when the
 * secret is at least `minLengthForHint` long: of a short one they would be a large part.
 */
export function sealSecret(
  cipher: TokenCipher,
  secret: string,
  context: string,
  minLengthForHint = 0,
): SealedSecret {
  return {
    sealed: cipher.seal(secret, context),
    hint: secret.length >= minLengthForHint ? secret.slice(-TOKEN_VISIBLE_CHARS) : '',
  };
}

/**
 * The secret a form's field stands for: what was typed, or, when the field sends the saved secret's
 * mask back unchanged ("keep it"), the saved secret (`kept`). Any other mask is `refused`. `saved` is
 * asked for only when the field holds a mask.
 */
export async function secretFromForm(
  typed: string,
  saved: () =>
    Promise<{ hint: string; secret: string } | undefined> | { hint: string; secret: string } | undefined,
): Promise<{ secret: string; kept: boolean } | 'refused'> {
  if (!isMaskedToken(typed)) return { secret: typed, kept: false };
  const current = await saved();
  if (current === undefined || maskToken(current.hint) !== typed) return 'refused';
  return { secret: current.secret, kept: true };
}

/** A short digest of `parts` (which hold secrets): equal parts, equal fingerprints. */
export const fingerprintOfParts = (parts: readonly unknown[]): string =>
  crypto.createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
