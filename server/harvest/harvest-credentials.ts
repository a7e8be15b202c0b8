/**
 * The saved Harvest credentials: how they are kept in the `settings` row (the access token sealed with
 * AES-256-GCM, only its last characters in clear for the mask) and how the server reads them back.
 */
import { z } from 'zod';
import {
  HARVEST_VERIFICATION_STATUSES,
  type HarvestCredentialsVerification,
  type HarvestUserSummary,
} from '@shared/contracts/settings';
import type { DbOrTx } from '../db/client';
import {
  fingerprintOfParts,
  loadSealedSetting,
  sealSecret,
  type SealedSettingState,
} from '../db/sealed-setting';
import { replaceSettingIfUnchanged, updateSettingIf } from '../db/settings-store';
import { logger } from '../lib/logger';
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

/** Its `stored` form keeps the token sealed; once opened, `credentials` hold it in clear. */
export type HarvestCredentialsState = SealedSettingState<
  StoredHarvestCredentials,
  { credentials: HarvestCredentials }
>;

export function sealHarvestCredentials(
  cipher: TokenCipher,
  credentials: HarvestCredentials,
  harvestUser: HarvestUserSummary | null,
  verification: HarvestCredentialsVerification | null = null,
): StoredHarvestCredentials {
  const { sealed, hint } = sealSecret(cipher, credentials.accessToken, TOKEN_CONTEXT);
  return {
    accountId: credentials.accountId,
    accessTokenSealed: sealed,
    accessTokenHint: hint,
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

/** Reads and opens the saved credentials. A legacy row with the token in clear is sealed on first read. */
export function loadHarvestCredentials(db: DbOrTx, cipher: TokenCipher): Promise<HarvestCredentialsState> {
  return loadSealedSetting(db, HARVEST_CREDENTIALS_KEY, {
    async parse(value) {
      const current = storedSchema.safeParse(value);
      if (current.success) return current.data;
      const legacy = legacySchema.safeParse(value);
      if (!legacy.success) return undefined;
      const stored = sealHarvestCredentials(cipher, legacy.data, null);
      if (await replaceSettingIfUnchanged(db, HARVEST_CREDENTIALS_KEY, value, stored)) {
        logger.info('Encrypted the Harvest access token that was stored in clear');
      }
      return stored;
    },
    open(stored) {
      const accessToken = cipher.open(stored.accessTokenSealed, TOKEN_CONTEXT);
      return accessToken === undefined
        ? undefined
        : { credentials: { accountId: stored.accountId, accessToken } };
    },
    fingerprint: ({ credentials }) => fingerprintOfParts([credentials.accountId, credentials.accessToken]),
    unknownShapeWarning:
      'The saved Harvest credentials have an unknown shape; treating Harvest as not configured',
  });
}
