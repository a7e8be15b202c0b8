import { z } from 'zod';
import {
  DAY_MS,
  DEFAULT_TRASH_RETENTION_DAYS,
  MAX_TRASH_RETENTION_DAYS,
  SETTING_KEYS,
  TICKET_DELETION_ALLOWED,
} from '../constants';
import { emailSettingsInputSchema } from './email-settings';
import { businessHoursSchema, slaPoliciesSchema } from './sla';
import { registrationSettingsSchema } from './registration-settings';
import { PORTAL_SETTINGS_KEY, portalSettingsSchema } from './portal';
import { LOAN_SETTINGS_KEY, loanSettingsSchema } from './loan-settings';

/**
 * Settings contracts (spec §7 "settings"): GET /api/settings/:key and POST /api/settings. The keys are
 * harvest_credentials and email (the SMTP server, shapes in ./email-settings.ts). Plain zod only: the
 * SPA imports this file.
 */

export const SETTINGS_MESSAGES = {
  unknownKey: `Unknown setting; the known keys are: ${SETTING_KEYS.join(', ')}`,
  saved: 'Settings saved successfully',
  rejected: 'Harvest rejected these credentials',
  savedVerified: (name: string, email: string) =>
    `Settings saved successfully. Harvest accepted the credentials: connected as ${name} (${email}).`,
  savedRejected: (reason: string) =>
    `Settings saved successfully, but Harvest rejected these credentials: ${reason}`,
  savedUnverified: (reason: string) =>
    `Settings saved successfully. Harvest could not be reached to check them (${reason}); they are checked again shortly.`,
  maskedToken: 'Enter the full access token (the masked value is only shown for reference)',
  maskedPassword: 'Enter the full password (the masked value is only shown for reference)',
  /** A saved mail password goes only to the server it was saved for (same host, port, username, security). */
  passwordForNewServer: 'Enter the password again for the new server',
  emailSaved: 'Email settings saved',
} as const;

/** The character the masked access token is made of. */
export const TOKEN_MASK_CHAR = '•';
const MASK_PREFIX = TOKEN_MASK_CHAR.repeat(8);
/** How many trailing characters of a token the mask shows. */
export const TOKEN_VISIBLE_CHARS = 4;

/** '••••••••abcd': enough to recognise a token, never enough to use it. */
export function maskToken(lastCharacters: string): string {
  return `${MASK_PREFIX}${lastCharacters.slice(-TOKEN_VISIBLE_CHARS)}`;
}

export const isMaskedToken = (value: string) => value.includes(TOKEN_MASK_CHAR);

export const settingKeySchema = z.enum(SETTING_KEYS, { error: SETTINGS_MESSAGES.unknownKey });
export const settingParamsSchema = z.object({ key: settingKeySchema });

const text = (label: string, max: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`,
    })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const harvestCredentialsInputSchema = z.object({
  /** Harvest account ids are numbers; the form sends them as text. */
  accountId: z.preprocess(
    (value) => (typeof value === 'number' && Number.isInteger(value) ? String(value) : value),
    text('Account ID', 20).regex(/^\d+$/, 'Account ID must contain digits only'),
  ),
  /** A personal access token, or the masked value from GET to keep the saved token. */
  accessToken: text('Access token', 1_000)
    .regex(/^\S+$/, 'Access token must not contain spaces')
    // It travels in an HTTP header, which cannot carry control characters or most of Unicode.
    .refine(
      (value) => isMaskedToken(value) || /^[\x21-\x7E]+$/.test(value),
      'Access token must contain only ASCII letters, digits and punctuation',
    ),
});
export type HarvestCredentialsInput = z.output<typeof harvestCredentialsInputSchema>;

/** The body of POST /api/settings: one variant per key, so an unknown key is a 400. */
/** Who may delete tickets and how long the Trash keeps them (issue 26). */
export const TICKET_DELETION_KEY = 'ticket_deletion';
export const ticketDeletionSettingSchema = z.object({
  allowed: z.enum(TICKET_DELETION_ALLOWED, {
    error: `Allowed must be one of ${TICKET_DELETION_ALLOWED.join(', ')}`,
  }),
  retentionDays: z
    .number({ error: 'Retention days must be a whole number of days' })
    .int('Retention days must be a whole number of days')
    .min(1, 'Retention days must be at least 1')
    .max(MAX_TRASH_RETENTION_DAYS, `Retention days must be at most ${MAX_TRASH_RETENTION_DAYS}`),
});
export type TicketDeletionSetting = z.output<typeof ticketDeletionSettingSchema>;
/** The spec's behaviour: everyone may delete; the Trash keeps tickets 30 days. */
export const DEFAULT_TICKET_DELETION: TicketDeletionSetting = {
  allowed: 'everyone',
  retentionDays: DEFAULT_TRASH_RETENTION_DAYS,
};

/**
 * When a ticket deleted at `deletedAt` has had its time in the Trash: the hourly purge job
 * (purge-deleted-tickets.job.ts, `deleted_at < now() - retentionDays days`) removes it within the
 * hour after. The Trash shows it as Purged On (issue 37).
 */
export function trashPurgeTime(deletedAt: string, retentionDays: number): Date {
  return new Date(new Date(deletedAt).getTime() + retentionDays * DAY_MS);
}

export const saveSettingSchema = z.discriminatedUnion(
  'key',
  [
    z.object({ key: z.literal('harvest_credentials'), value: harvestCredentialsInputSchema }),
    z.object({ key: z.literal('email'), value: emailSettingsInputSchema }),
    z.object({ key: z.literal('business_hours'), value: businessHoursSchema }),
    z.object({ key: z.literal('sla_policies'), value: slaPoliciesSchema }),
    z.object({ key: z.literal('registration'), value: registrationSettingsSchema }),
    z.object({ key: z.literal(TICKET_DELETION_KEY), value: ticketDeletionSettingSchema }),
    z.object({ key: z.literal(PORTAL_SETTINGS_KEY), value: portalSettingsSchema }),
    z.object({ key: z.literal(LOAN_SETTINGS_KEY), value: loanSettingsSchema }),
  ],
  { error: SETTINGS_MESSAGES.unknownKey },
);
export type SaveSettingInput = z.output<typeof saveSettingSchema>;

export const harvestUserSummarySchema = /* @__PURE__ */ z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
});
export type HarvestUserSummary = z.output<typeof harvestUserSummarySchema>;

/** What Harvest said about the saved credentials (GET /v2/users/me). */
export const HARVEST_VERIFICATION_STATUSES = ['verified', 'rejected', 'unverified'] as const;
export type HarvestVerificationStatus = (typeof HARVEST_VERIFICATION_STATUSES)[number];

export const harvestCredentialsVerificationSchema = /* @__PURE__ */ z.object({
  /** verified: Harvest accepted them; rejected: 401/403; unverified: Harvest could not be asked yet. */
  status: z.enum(HARVEST_VERIFICATION_STATUSES),
  /** When Harvest was last asked (ISO 8601); null before the first answer. */
  checkedAt: z.string().nullable(),
  /** When they last worked; null if never. */
  lastVerifiedAt: z.string().nullable(),
  /** Why they are rejected or unverified; null when verified. */
  error: z.string().nullable(),
});
export type HarvestCredentialsVerification = z.output<typeof harvestCredentialsVerificationSchema>;

/** GET /api/settings/harvest_credentials. Never carries the token itself. */
export const harvestCredentialsSettingResponseSchema = /* @__PURE__ */ z.object({
  key: z.literal('harvest_credentials'),
  value: z.object({
    accountId: z.string(),
    /** Masked ('••••••••abcd'), or '' when nothing is saved. */
    accessToken: z.string(),
  }),
  /** Whether credentials are saved and readable with this server's encryption key. */
  configured: z.boolean(),
  /** ISO 8601, or null when nothing is saved. */
  updatedAt: z.string().nullable(),
  /** The Harvest user the saved token belongs to, as Harvest named it when the token was checked. */
  harvestUser: harvestUserSummarySchema.nullable(),
  /** Null for credentials saved before verification was recorded (they were verified then). */
  verification: harvestCredentialsVerificationSchema.nullable(),
});
export type HarvestCredentialsSettingResponse = z.output<typeof harvestCredentialsSettingResponseSchema>;

/**
 * POST /api/settings with key "email": stored as given, without asking the SMTP server (Send Test
 * Email does that). The keys "registration", "portal" and "loans" answer the same.
 */
export const saveEmailSettingsResponseSchema = /* @__PURE__ */ z.object({
  success: z.literal(true),
  message: z.string(),
});
export type SaveEmailSettingsResponse = z.output<typeof saveEmailSettingsResponseSchema>;

/**
 * POST /api/settings with key "harvest_credentials": well-formed credentials are always saved, then
 * Harvest is asked about them; `verification` says what it answered.
 */
export const saveSettingResponseSchema = /* @__PURE__ */ z.object({
  success: z.literal(true),
  message: z.string(),
  /** Who the token belongs to; null unless verified. */
  harvestUser: harvestUserSummarySchema.nullable(),
  verification: harvestCredentialsVerificationSchema,
});
export type SaveSettingResponse = z.output<typeof saveSettingResponseSchema>;
