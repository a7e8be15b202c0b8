import { z } from 'zod';
import type { SettingKey } from '@shared/constants';
import {
  emailSettingsResponseSchema,
  emailTestResponseSchema,
  imapTestInputSchema,
} from '@shared/contracts/email-settings';
import { loanSettingsResponseSchema } from '@shared/contracts/loan-settings';
import { portalSettingsResponseSchema } from '@shared/contracts/portal';
import { registrationSettingsResponseSchema } from '@shared/contracts/registration-settings';
import {
  harvestCredentialsSettingResponseSchema,
  saveEmailSettingsResponseSchema,
  saveSettingResponseSchema,
  saveSettingSchema,
  settingParamsSchema,
  ticketDeletionSettingSchema,
} from '@shared/contracts/settings';
import { businessHoursSettingResponseSchema, slaPoliciesSettingResponseSchema } from '@shared/contracts/sla';
import { json, type ApiArea } from '../operation';

/**
 * Each setting answers its own shape, so the answers of GET /api/settings/{key} and POST /api/settings
 * are unions of one named component per shape, each saying which keys give it.
 */
const forKeys = (id: string, schema: z.ZodType, keys: readonly SettingKey[], more = '') => {
  const quoted = keys.map((key) => `\`${key}\``);
  const listed = quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}` : quoted[0];
  return schema.meta({ id, description: `The answer when \`key\` is ${listed}.${more}` });
};

const ticketDeletion = forKeys(
  'TicketDeletionSetting',
  ticketDeletionSettingSchema,
  ['ticket_deletion'],
  ' The value itself, without `key`.',
);
const businessHours = forKeys('BusinessHoursSetting', businessHoursSettingResponseSchema, ['business_hours']);
const slaPolicies = forKeys('SlaPoliciesSetting', slaPoliciesSettingResponseSchema, ['sla_policies']);

/** GET /api/settings/{key}'s answer, by key (`satisfies` makes a new key name its answers here). */
const READ_ANSWERS = {
  harvest_credentials: forKeys(
    'HarvestCredentialsSetting',
    harvestCredentialsSettingResponseSchema,
    ['harvest_credentials'],
    ' The token is masked.',
  ),
  email: forKeys('EmailSetting', emailSettingsResponseSchema, ['email'], ' Passwords are masked.'),
  registration: forKeys('RegistrationSetting', registrationSettingsResponseSchema, ['registration']),
  ticket_deletion: ticketDeletion,
  business_hours: businessHours,
  sla_policies: slaPolicies,
  portal: forKeys('PortalSetting', portalSettingsResponseSchema, ['portal']),
  loans: forKeys('LoanSetting', loanSettingsResponseSchema, ['loans']),
} as const satisfies Record<SettingKey, z.ZodType>;

const settingSaved = forKeys('SettingSaved', saveEmailSettingsResponseSchema, [
  'email',
  'registration',
  'portal',
  'loans',
]);

/** POST /api/settings's answer, by the key saved. */
const SAVE_ANSWERS = {
  harvest_credentials: forKeys(
    'HarvestCredentialsSaved',
    saveSettingResponseSchema,
    ['harvest_credentials'],
    ' Saved whatever Harvest said; `verification` says what it said.',
  ),
  email: settingSaved,
  registration: settingSaved,
  ticket_deletion: ticketDeletion,
  business_hours: businessHours,
  sla_policies: slaPolicies,
  portal: settingSaved,
  loans: settingSaved,
} as const satisfies Record<SettingKey, z.ZodType>;

/** One of the answers, each shape once. */
const anyOf = (answers: Record<SettingKey, z.ZodType>) => z.union([...new Set(Object.values(answers))]);

export const SETTINGS: ApiArea = {
  tag: 'Settings',
  description: 'The help desk’s settings: everyone reads them (secrets masked), admins save them.',
  operations: [
    {
      method: 'GET',
      path: '/api/settings/:key',
      access: 'authenticated',
      summary: 'Read a setting',
      description:
        'Secrets (the Harvest token, mail passwords) are answered masked. Each key answers its own shape ' +
        '(`{key, value, …}`; `ticket_deletion` the value alone): each of the answer’s schemas says its key.',
      params: settingParamsSchema,
      answer: json(
        anyOf(READ_ANSWERS).meta({ id: 'SettingAnswer', description: 'A setting, in the shape of its key' }),
        'The setting',
      ),
    },
    {
      method: 'POST',
      path: '/api/settings',
      access: 'admin',
      summary: 'Save a setting',
      description:
        'The body is `{key, value}`; `value`’s shape depends on `key`, and so does the answer: each of ' +
        'the answer’s schemas says its keys.',
      body: saveSettingSchema,
      answer: json(
        anyOf(SAVE_ANSWERS).meta({
          id: 'SaveSettingAnswer',
          description: 'What saving a setting answers, in the shape of its key',
        }),
        'Saved',
      ),
    },
    {
      method: 'POST',
      path: '/api/settings/email/test',
      access: 'admin',
      summary: 'Send a test email to the caller',
      answer: json(emailTestResponseSchema, 'Sent'),
      errors: [503],
    },
    {
      method: 'POST',
      path: '/api/settings/email/imap/test',
      access: 'admin',
      summary: 'Sign in to a saved mailbox',
      body: imapTestInputSchema,
      bodyOptional: true,
      answer: json(emailTestResponseSchema, 'It works'),
      errors: [503],
    },
  ],
};
