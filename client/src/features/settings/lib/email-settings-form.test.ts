import { describe, expect, it } from 'vitest';
import type { EmailSettingsResponse } from '@shared/contracts/email-settings';
import { SETTINGS_MESSAGES } from '@shared/contracts/settings';
import { checkEmailSettings, emailFormDefaults, type EmailSettingsFormValues } from './email-settings-form';

const saved: NonNullable<EmailSettingsResponse['value']> = {
  smtp: {
    host: 'smtp.example.com',
    port: 587,
    security: 'starttls',
    username: 'helpdesk',
    password: '••••••••abcd',
  },
  fromAddress: 'support@example.com',
  fromName: 'Help Desk',
  imap: {
    host: 'imap.example.com',
    port: 993,
    security: 'tls',
    username: 'support@example.com',
    password: '••••••••wxyz',
    folder: 'INBOX',
    afterImport: { action: 'mark_read' },
  },
};
const setting: EmailSettingsResponse = {
  key: 'email',
  value: saved,
  configured: true,
  lastCheck: null,
  mailbox: null,
};
const formOf = (change: (values: EmailSettingsFormValues) => EmailSettingsFormValues) =>
  change(emailFormDefaults(setting));

describe('checkEmailSettings with the password fields left empty', () => {
  it('when the servers are the saved ones (host in other letter case), then both masks go back to keep the passwords', () => {
    const check = checkEmailSettings(
      formOf((v) => ({ ...v, host: 'SMTP.example.com', fromName: 'IT' })),
      saved,
    );
    expect(check).toMatchObject({
      ok: true,
      value: { smtp: { password: '••••••••abcd' }, imap: { password: '••••••••wxyz' } },
    });
  });

  it.each([
    ['host', (v: EmailSettingsFormValues) => ({ ...v, host: 'smtp.elsewhere.example' })],
    ['port', (v: EmailSettingsFormValues) => ({ ...v, port: '2525' })],
    ['username', (v: EmailSettingsFormValues) => ({ ...v, username: 'other' })],
    ['security', (v: EmailSettingsFormValues) => ({ ...v, security: 'tls' as const })],
  ])('when the SMTP %s changes, then the form asks for the password again at its field', (_what, change) => {
    expect(checkEmailSettings(formOf(change), saved)).toEqual({
      ok: false,
      fieldErrors: [['password', SETTINGS_MESSAGES.passwordForNewServer]],
    });
  });

  it('when the mailbox server changes, then the form asks for the mailbox password again; typed, it goes', () => {
    const moved = formOf((v) => ({ ...v, imap: { ...v.imap, port: '143', security: 'starttls' } }));
    expect(checkEmailSettings(moved, saved)).toEqual({
      ok: false,
      fieldErrors: [['imap.password', SETTINGS_MESSAGES.passwordForNewServer]],
    });
    const typed = { ...moved, imap: { ...moved.imap, password: 'new-mailbox-password' } };
    expect(checkEmailSettings(typed, saved)).toMatchObject({
      ok: true,
      value: { imap: { password: 'new-mailbox-password' } },
    });
  });
});
