import { emailTestResponseSchema, imapTestInputSchema } from '@shared/contracts/email-settings';
import { saveSettingSchema, settingParamsSchema } from '@shared/contracts/settings';
import { json, type ApiArea } from '../operation';
import { NOT_YET_DESCRIBED } from '../not-described';

export const SETTINGS: ApiArea = {
  tag: 'Settings',
  description: 'The help desk’s settings: everyone reads them (secrets masked), admins save them.',
  operations: [
    {
      method: 'GET',
      path: '/api/settings/:key',
      access: 'authenticated',
      summary: 'Read a setting',
      description: 'Secrets (the Harvest token, mail passwords) are answered masked.',
      params: settingParamsSchema,
      answer: json(NOT_YET_DESCRIBED, 'The setting: `{key, value, …}`'),
    },
    {
      method: 'POST',
      path: '/api/settings',
      access: 'admin',
      summary: 'Save a setting',
      description: 'The body is `{key, value}`; `value`’s shape depends on `key`.',
      body: saveSettingSchema,
      answer: json(NOT_YET_DESCRIBED, 'Saved'),
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
