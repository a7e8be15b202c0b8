/**
 * The saved mail passwords go only to the server they were saved for (issue 34, item 2): the masked
 * value sent back keeps the saved password only while host, port, username and security are
 * unchanged. Against real servers: two SMTP test servers and two Dovecots, each with its own password,
 * each recording the passwords it was given.
 */
import { eq } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EmailSettingsResponse } from '@shared/contracts/email-settings';
import { SETTINGS_MESSAGES } from '@shared/contracts/settings';
import { mailboxState, settings } from '@shared/schema';
import {
  mailboxSettings,
  startDovecotTestServer,
  type DovecotTestServer,
} from '../../test/mail/dovecot-test-server';
import { startSmtpTestServer, type SmtpTestServer } from '../../test/mail/smtp-test-server';
import {
  createReplyTestApp,
  SMTP_USERNAME,
  TEST_SMTP_PASSWORD,
  type ReplyTestApp,
} from '../../test/support/replies';

const OTHER_SMTP_PASSWORD = 'other-smtp-server-password-2d81';

let r: ReplyTestApp;
/** Another SMTP server, with the same username and its own password. */
let otherSmtp: SmtpTestServer;
let imap: DovecotTestServer;
/** Another IMAP server: same user name, its own password. */
let otherImap: DovecotTestServer;

beforeAll(async () => {
  [r, otherSmtp, imap, otherImap] = await Promise.all([
    createReplyTestApp(),
    startSmtpTestServer({ username: SMTP_USERNAME, password: OTHER_SMTP_PASSWORD }),
    startDovecotTestServer(),
    startDovecotTestServer(),
  ]);
});
afterAll(async () => {
  await Promise.all([r?.close(), otherSmtp?.close(), imap?.close(), otherImap?.close()]);
});
beforeEach(async () => {
  await r.t.database.db.delete(settings).where(eq(settings.key, 'email'));
  await r.t.database.db.delete(mailboxState);
  r.smtp.clear();
  otherSmtp.clear();
});

type Value = ReturnType<SmtpTestServer['emailSettings']>;
const save = (value: unknown) => r.admin.post('/api/settings').send({ key: 'email', value });
const readSetting = async () =>
  (await r.admin.get('/api/settings/email').expect(200)).body as EmailSettingsResponse;

/** The SMTP part as it is saved first: server A with its password. */
async function saveSmtp(): Promise<{ value: Value; mask: string }> {
  const value = r.smtp.emailSettings();
  await save(value).expect(200);
  return { value, mask: (await readSetting()).value!.smtp.password };
}

const NEW_SERVER = { 'value.smtp.password': [SETTINGS_MESSAGES.passwordForNewServer] };
const NEW_MAILBOX_SERVER = { 'value.imap.password': [SETTINGS_MESSAGES.passwordForNewServer] };

describe('SMTP: the masked password sent back with another server', () => {
  it.each([
    ['host', (smtp: Value['smtp']) => ({ ...smtp, host: 'localhost' })],
    ['port', (smtp: Value['smtp']) => ({ ...smtp, port: smtp.port + 1 })],
    ['username', (smtp: Value['smtp']) => ({ ...smtp, username: 'someone-else' })],
    ['security', (smtp: Value['smtp']) => ({ ...smtp, security: 'starttls' })],
  ])(
    'when the %s changes, then 400 asking for the password again at the password field, and nothing is saved',
    async (_what, change) => {
      const { value, mask } = await saveSmtp();
      const before = await readSetting();
      const res = await save({ ...value, smtp: { ...change(value.smtp), password: mask } }).expect(400);
      expect(res.body.fieldErrors).toEqual(NEW_SERVER);
      expect(res.body.message).toContain(SETTINGS_MESSAGES.passwordForNewServer);
      expect(await readSetting()).toEqual(before);
    },
  );

  it('when only the host’s letter case or the From name changes, then the saved password is kept', async () => {
    const { value, mask } = await saveSmtp();
    await save({
      ...value,
      fromName: 'IT Support',
      smtp: { ...value.smtp, host: value.smtp.host.toUpperCase(), password: mask },
    }).expect(200);
    await r.admin.post('/api/settings/email/test').expect(200);
    expect(r.smtp.authAttempts).toEqual([
      { username: SMTP_USERNAME, password: TEST_SMTP_PASSWORD, accepted: true },
    ]);
  });

  it('when the admin points SMTP at another server with the masked password and presses Send Test Email, then that server never receives the saved password', async () => {
    const { value, mask } = await saveSmtp();
    const moved = await save({ ...value, smtp: { ...value.smtp, port: otherSmtp.port, password: mask } });
    // The test email goes through whatever is saved now.
    await r.admin.post('/api/settings/email/test');
    expect(otherSmtp.authAttempts.map((attempt) => attempt.password)).not.toContain(TEST_SMTP_PASSWORD);
    expect(moved.status).toBe(400);
    expect(moved.body.fieldErrors).toEqual(NEW_SERVER);
    // The saved server is still the first one, and the test email went there.
    expect(r.smtp.authAttempts).toEqual([
      { username: SMTP_USERNAME, password: TEST_SMTP_PASSWORD, accepted: true },
    ]);
    expect(otherSmtp.authAttempts).toEqual([]);

    // With its own password typed, the other server gets that one.
    await save({
      ...value,
      smtp: { ...value.smtp, port: otherSmtp.port, password: OTHER_SMTP_PASSWORD },
    }).expect(200);
    await r.admin.post('/api/settings/email/test').expect(200);
    expect(otherSmtp.authAttempts).toEqual([
      { username: SMTP_USERNAME, password: OTHER_SMTP_PASSWORD, accepted: true },
    ]);
  });
});

/** Signs in to `server` with `password` (refused), and waits until its log shows that refusal. */
async function refusedLogin(server: DovecotTestServer, password: string): Promise<void> {
  const client = new ImapFlow({
    host: server.host,
    port: server.port,
    secure: false,
    auth: { user: server.user, pass: password },
    logger: false,
  });
  client.on('error', () => {});
  await client.connect().then(
    () => client.logout(),
    () => undefined,
  );
  const deadline = Date.now() + 10_000;
  while (!server.refusedPasswords().includes(password)) {
    if (Date.now() > deadline) throw new Error(`Dovecot did not log the refused login with ${password}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('IMAP: the masked password sent back with another server', () => {
  async function saveMailbox() {
    const value = mailboxSettings(imap);
    await save(value).expect(200);
    return { value, mask: (await readSetting()).value!.imap!.password };
  }
  type Imap = ReturnType<typeof mailboxSettings>['imap'];

  it.each([
    ['host', (mailbox: Imap) => ({ ...mailbox, host: 'localhost' })],
    ['port', (mailbox: Imap) => ({ ...mailbox, port: mailbox.port + 1 })],
    ['username', (mailbox: Imap) => ({ ...mailbox, username: 'someone-else@example.test' })],
    ['security', (mailbox: Imap) => ({ ...mailbox, security: 'starttls' })],
  ])(
    'when the %s changes, then 400 asking for the password again at the password field, and nothing is saved',
    async (_what, change) => {
      const { value, mask } = await saveMailbox();
      const before = await readSetting();
      const res = await save({ ...value, imap: { ...change(value.imap), password: mask } }).expect(400);
      expect(res.body.fieldErrors).toEqual(NEW_MAILBOX_SERVER);
      expect(await readSetting()).toEqual(before);
    },
  );

  it('when the folder changes, then the saved password is kept (same server)', async () => {
    const { value, mask } = await saveMailbox();
    await save({
      ...value,
      imap: {
        ...value.imap,
        folder: 'INBOX',
        afterImport: { action: 'move', folder: 'Done' },
        password: mask,
      },
    }).expect(200);
    await r.admin.post('/api/settings/email/imap/test').expect(200);
  });

  it('when the admin points IMAP at another server with the masked password and presses Test Connection, then that server never receives the saved password', async () => {
    const { value, mask } = await saveMailbox();
    const moved = await save({ ...value, imap: { ...value.imap, port: otherImap.port, password: mask } });
    await r.admin.post('/api/settings/email/imap/test');
    // A refused login of our own, after the test: once the log shows it, it shows all that came before.
    await refusedLogin(otherImap, 'marker-password-after-the-test');
    expect(otherImap.refusedPasswords()).not.toContain(imap.password);
    expect(moved.status).toBe(400);
    expect(moved.body.fieldErrors).toEqual(NEW_MAILBOX_SERVER);
    expect((await readSetting()).value!.imap!.port).toBe(imap.port);

    // With its own password typed, the other server signs the mailbox in.
    await save({
      ...value,
      imap: { ...value.imap, port: otherImap.port, password: otherImap.password },
    }).expect(200);
    await r.admin.post('/api/settings/email/imap/test').expect(200);
    await refusedLogin(otherImap, 'marker-password-at-the-end');
    expect(otherImap.refusedPasswords()).toEqual([
      'marker-password-after-the-test',
      'marker-password-at-the-end',
    ]);
  });
});
