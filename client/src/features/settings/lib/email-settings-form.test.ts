import { describe, expect, it } from 'vitest';
import type { EmailSettingsResponse } from '@shared/contracts/email-settings';
import { SETTINGS_MESSAGES } from '@shared/contracts/settings';
import {
  checkEmailSettings,
  emailFormDefaults,
  newMailboxFormValues,
  serverFieldErrors,
  type EmailSettingsFormValues,
} from './email-settings-form';

const firstMailbox = {
  host: 'imap.example.com',
  port: 993,
  security: 'tls' as const,
  username: 'support@example.com',
  password: '••••••••wxyz',
  folder: 'INBOX',
  afterImport: { action: 'mark_read' as const },
};
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
  imap: firstMailbox,
  mailboxes: [
    { ...firstMailbox, id: 'default', groupId: null },
    {
      ...firstMailbox,
      id: 'second',
      folder: 'Network',
      groupId: '00000000-0000-4000-8000-000000000001',
      password: '••••••••net1',
    },
  ],
};
const setting: EmailSettingsResponse = {
  key: 'email',
  value: saved,
  configured: true,
  lastCheck: null,
  mailbox: null,
  mailboxStatuses: {},
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
      value: {
        smtp: { password: '••••••••abcd' },
        mailboxes: [
          { id: 'default', password: '••••••••wxyz', groupId: null },
          { id: 'second', password: '••••••••net1', folder: 'Network', groupId: saved.mailboxes[1]!.groupId },
        ],
      },
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
      value: { mailboxes: [{ password: 'new-mailbox-password' }, { password: '••••••••net1' }] },
    });
  });

  it('when the second mailbox moves to another server, then its own password field asks again', () => {
    const moved = formOf((v) => ({
      ...v,
      moreMailboxes: [{ ...v.moreMailboxes[0]!, host: 'imap.elsewhere.example' }],
    }));
    expect(checkEmailSettings(moved, saved)).toEqual({
      ok: false,
      fieldErrors: [['moreMailboxes.0.password', SETTINGS_MESSAGES.passwordForNewServer]],
    });
  });
});

describe('the list of mailboxes', () => {
  it('when the checkbox is unticked, then no mailbox is sent, the others neither', () => {
    const off = formOf((v) => ({ ...v, imap: { ...v.imap, enabled: false } }));
    expect(checkEmailSettings(off, saved)).toMatchObject({ ok: true, value: { mailboxes: [] } });
  });

  it("when a mailbox is added without a password, then the form names that mailbox's field", () => {
    const added = formOf((v) => ({
      ...v,
      moreMailboxes: [
        ...v.moreMailboxes,
        { ...newMailboxFormValues(), host: 'imap.hr.example', username: 'hr' },
      ],
    }));
    expect(checkEmailSettings(added, saved)).toEqual({
      ok: false,
      fieldErrors: [['moreMailboxes.1.password', 'Password is required']],
    });
  });

  it("when the server names a mailbox's field, then it is put at that mailbox's field", () => {
    expect(
      serverFieldErrors({
        'value.mailboxes.0.host': ['IMAP host must be a host name or address'],
        'value.mailboxes.2.groupId': ['No such group'],
        'value.imap.folder': ['Folder is required'],
      }),
    ).toEqual([
      ['imap.host', 'IMAP host must be a host name or address'],
      ['moreMailboxes.1.groupId', 'No such group'],
      ['imap.folder', 'Folder is required'],
    ]);
  });
});
