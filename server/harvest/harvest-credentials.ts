/**
 * The saved Harvest credentials: how they are kept in the `settings` row (the access token sealed with
 * AES-256-GCM, only its last characters in clear for the mask) and how the server reads them back.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import {
  HARVEST_VERIFICATION_STATUSES,
  TOKEN_VISIBLE_CHARS,
  type HarvestCredentialsVerification,
  type HarvestUserSummary,
} from '@shared/contracts/settings';
import type { DbOrTx } from '../db/client';
import { logger } from '../lib/logger';
import { findSetting, replaceSettingIfUnchanged, updateSettingIf } from '../db/settings-store';
import type { TokenCipher } from '../lib/token-cipher';

export const HARVEST_CREDENTIALS_KEY = 'harvest_credentials';
/** Bound into the ciphertext: a sealed token copied anywhere else does not open. */
const TOKEN_CONTEXT = 'settings:harvest_credentials:accessToken';

export interface HarvestCredentials {
  accountId: string;
  accessToken: string;
}

const harvestUserSummarySchema = z.object({ id: z.number(), name: z.string(), email: z.string() });

const storedSchema = z.object({
  accountId: z.string(),
  accessTokenSealed: z.string(),
  /** The token's last characters, for the mask. */
  accessTokenHint: z.string(),
  harvestUser: harvestUserSummarySchema.nullable().default(null),
  /** What Harvest last said about them; absent on rows saved when saving required Harvest's yes. */
  verification: z
    .object({
      status: z.enum(HARVEST_VERIFICATION_STATUSES),
      checkedAt: z.string().nullable(),
      lastVerifiedAt: z.string().nullable(),
      error: z.string().nullable(),
    })
    .nullable()
    .catch(null)
    .default(null),
});
export type StoredHarvestCredentials = z.infer<typeof storedSchema>;

/** The shape spec §3 describes, with the token in clear: rows carried over from the original app. */
const legacySchema = z.object({ accountId: z.coerce.string(), accessToken: z.string().min(1) });

export type HarvestCredentialsState =
  | { status: 'not_configured' }
  /** Saved, but the token does not open with this server's key (ENCRYPTION_KEY changed or lost). */
  | { status: 'unreadable'; stored: StoredHarvestCredentials; updatedAt: Date }
  | {
      status: 'configured';
      credentials: HarvestCredentials;
      /** Changes whenever the account or the token changes; keys caches, never reveals the token. */
      fingerprint: string;
      stored: StoredHarvestCredentials;
      updatedAt: Date;
    };

export function sealHarvestCredentials(
  cipher: TokenCipher,
  credentials: HarvestCredentials,
  harvestUser: HarvestUserSummary | null,
  verification: HarvestCredentialsVerification | null = null,
): StoredHarvestCredentials {
  return {
    accountId: credentials.accountId,
    accessTokenSealed: cipher.seal(credentials.accessToken, TOKEN_CONTEXT),
    accessTokenHint: credentials.accessToken.slice(-TOKEN_VISIBLE_CHARS),
    harvestUser,
    verification,
  };
}

/**
 * Records what Harvest said about the saved credentials, and who the token belongs to when it said
 * yes. Only while the same token is saved: a late answer about replaced credentials is dropped.
 */
export function recordHarvestVerification(
  db: DbOrTx,
  sealedToken: string,
  verification: HarvestCredentialsVerification,
  harvestUser: HarvestUserSummary | null,
): Promise<boolean> {
  return updateSettingIf(
    db,
    HARVEST_CREDENTIALS_KEY,
    { accessTokenSealed: sealedToken },
    harvestUser ? { verification, harvestUser } : { verification },
  );
}

const fingerprintOf = (credentials: HarvestCredentials) =>
  crypto
    .createHash('sha256')
    .update(`${credentials.accountId}\u0000${credentials.accessToken}`)
    .digest('hex')
    .slice(0, 32);

/** Reads and opens the saved credentials. A legacy row with the token in clear is sealed on first read. */
export async function loadHarvestCredentials(
  db: DbOrTx,
  cipher: TokenCipher,
): Promise<HarvestCredentialsState> {
  const row = await findSetting(db, HARVEST_CREDENTIALS_KEY);
  if (!row) return { status: 'not_configured' };

  let stored: StoredHarvestCredentials;
  const current = storedSchema.safeParse(row.value);
  if (current.success) {
    stored = current.data;
  } else {
    const legacy = legacySchema.safeParse(row.value);
    if (!legacy.success) {
      logger.warn('The saved Harvest credentials have an unknown shape; treating Harvest as not configured');
      return { status: 'not_configured' };
    }
    stored = sealHarvestCredentials(cipher, legacy.data, null);
    if (await replaceSettingIfUnchanged(db, HARVEST_CREDENTIALS_KEY, row.value, stored)) {
      logger.info('Encrypted the Harvest access token that was stored in clear');
    }
  }

  const accessToken = cipher.open(stored.accessTokenSealed, TOKEN_CONTEXT);
  if (accessToken === undefined) return { status: 'unreadable', stored, updatedAt: row.updatedAt };
  const credentials = { accountId: stored.accountId, accessToken };
  return {
    status: 'configured',
    credentials,
    fingerprint: fingerprintOf(credentials),
    stored,
    updatedAt: row.updatedAt,
  };
}
