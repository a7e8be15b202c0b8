import { z } from 'zod';
import { MAX_ALLOWED_DOMAINS, REGISTRATION_MODES, type RegistrationMode } from '../constants';

/**
 * The registration setting (issue 22): POST /api/settings {key: "registration", value} and
 * GET /api/settings/registration. Plain zod only: the SPA imports this file.
 */

export const REGISTRATION_MESSAGES = {
  inviteOnly: 'Registration is by invitation only. Ask an admin of this help desk to invite you.',
  domainNotAllowed:
    'Registration is open only to addresses of approved email domains. Use your work address, or ask an admin to invite you.',
  domainsRequired: 'List at least one email domain, or choose another mode',
  invalidDomain: 'Enter domains like example.com, without @ or spaces',
} as const;

/** A domain name as it follows the @ of an address: labels of letters, digits and hyphens, dot-separated. */
const DOMAIN_PATTERN =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

const domain = z
  .string({ error: 'Each domain must be text' })
  .trim()
  .toLowerCase()
  // "@example.com" is accepted as "example.com": what people paste from an address.
  .transform((value) => value.replace(/^@/, ''))
  .pipe(z.string().regex(DOMAIN_PATTERN, REGISTRATION_MESSAGES.invalidDomain));

/**
 * A list of email domains (registration, the portal's new tickets): lower-cased, each once. An
 * overwrite, not a transform: the list stays a list of domains, which the API description can say.
 */
export const allowedDomainsSchema = z
  .array(domain, { error: 'allowedDomains must be a list of domains' })
  .max(MAX_ALLOWED_DOMAINS, `At most ${MAX_ALLOWED_DOMAINS} domains`)
  .overwrite((domains) => [...new Set(domains)]);

export const registrationSettingsSchema = z
  .object({
    mode: z.enum(REGISTRATION_MODES, { error: 'mode must be "open", "domains" or "invite_only"' }),
    allowedDomains: allowedDomainsSchema,
    requireTotp: z.boolean({ error: 'requireTotp must be true or false' }),
  })
  .refine((value) => value.mode !== 'domains' || value.allowedDomains.length > 0, {
    message: REGISTRATION_MESSAGES.domainsRequired,
    path: ['allowedDomains'],
  });
export type RegistrationSettings = z.output<typeof registrationSettingsSchema>;

export const DEFAULT_REGISTRATION_SETTINGS: RegistrationSettings = {
  mode: 'open',
  allowedDomains: [],
  requireTotp: false,
};

/** GET /api/settings/registration */
export const registrationSettingsResponseSchema = /* @__PURE__ */ z.object({
  key: z.literal('registration'),
  value: registrationSettingsSchema,
  /** ISO 8601; null while the default applies (never saved). */
  updatedAt: z.string().nullable(),
});
export type RegistrationSettingsResponse = z.output<typeof registrationSettingsResponseSchema>;

/** How the Settings card names each mode. */
export const REGISTRATION_MODE_LABELS = {
  open: 'Anyone can register',
  domains: 'Only addresses of these domains',
  invite_only: 'Invitation only',
} as const satisfies Record<RegistrationMode, string>;

/**
 * Whether `email` may register under `settings`: undefined when it may, else the refusal to show.
 * Domains compare exactly and in any letter case: "sub.example.com" is not "example.com".
 */
/** The domain of an address, lower-cased: compared exactly ("sub.example.com" is not "example.com"). */
export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

export function registrationRefusal(settings: RegistrationSettings, email: string): string | undefined {
  if (settings.mode === 'open') return undefined;
  if (settings.mode === 'invite_only') return REGISTRATION_MESSAGES.inviteOnly;
  return settings.allowedDomains.includes(emailDomain(email))
    ? undefined
    : REGISTRATION_MESSAGES.domainNotAllowed;
}
