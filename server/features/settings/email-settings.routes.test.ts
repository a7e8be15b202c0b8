/**
 * The email settings: POST /api/settings {key: "email"} (admins), GET /api/settings/email (everyone
 * signed in, the password masked), POST /api/settings/email/test (admins), against a real SMTP server
 * over TCP that requires a login.
 */
import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_SETTINGS_TEXTS, MAIL_SERVER_OUTCOMES } from '@shared/contracts/email-settings';
import { MESSAGE_ERRORS } from '@shared/contracts/messages';
import { SETTINGS_MESSAGES } from '@shared/contracts/settings';
import { settings } from '@shared/schema';
import {
  createReplyTestApp,
  SMTP_USERNAME,
  TEST_SMTP_PASSWORD,
  type Agent,
  type ReplyTestApp,
} from '../../test/support/replies';
import { createTokenCipher } from '../../lib/token-cipher';
import { sealEmailSettings } from '../../mail/email-settings';

let r: ReplyTestApp;
beforeAll(async () => {
  r = await createReplyTestApp();
});
afterAll(() => r.close());
beforeEach(async () => {
  await r.t.database.db.delete(settings).where(eq(settings.key, 'email'));
  r.smtp.accept();
  r.smtp.clear();
});

const MASKED = `••••••••${TEST_SMTP_PASSWORD.slice(-4)}`;
const save = (as: Agent, value: unknown) => as.post('/api/settings').send({ key: 'email', value });
const readSetting = async () => {
  const { rows } = await r.t.database.db.execute<{ value: string }>(
    sql`SELECT value::text AS value FROM settings WHERE key = 'email'`,
  );
  return rows[0]?.value;
};

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('GET /api/settings/email', () => {
  it('when nobody is signed in, then 401', async () => {
    await request(r.t.app).get('/api/settings/email').expect(401);
  });

  it('when nothing is saved, then 200 with configured false and no value (for agents too)', async () => {
    for (const who of [r.admin, r.agent]) {
      const res = await who.get('/api/settings/email').expect(200);
      expect(res.body).toEqual({
        key: 'email',
        value: null,
        configured: false,
        lastCheck: null,
        mailbox: null,
        mailboxStatuses: {},
      });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('POST /api/settings with key "email"', () => {
  it('when the SMTP server cannot be reached, then it is saved anyway, and everyone reads it with the password masked', async () => {
    const port = await closedPort();
    const value = { ...r.smtp.emailSettings(), smtp: { ...r.smtp.emailSettings().smtp, port } };
    const res = await save(r.admin, value).expect(200);
    expect(res.body).toEqual({ success: true, message: SETTINGS_MESSAGES.emailSaved });
    expect(r.smtp.messages).toHaveLength(0);

    for (const who of [r.admin, r.agent]) {
      const read = await who.get('/api/settings/email').expect(200);
      expect(read.body).toEqual({
        key: 'email',
        value: {
          smtp: { host: '127.0.0.1', port, security: 'none', username: SMTP_USERNAME, password: MASKED },
          fromAddress: 'support@helpdesk.example.com',
          fromName: 'Help Desk',
          imap: null,
          mailboxes: [],
        },
        configured: true,
        lastCheck: null,
        mailbox: null,
        mailboxStatuses: {},
      });
      expect(read.text).not.toContain(TEST_SMTP_PASSWORD);
    }
  });

  it('when it stores the password, then the settings row holds it only sealed', async () => {
    await save(r.admin, r.smtp.emailSettings()).expect(200);
    const stored = (await readSetting())!;
    expect(stored).not.toContain(TEST_SMTP_PASSWORD);
    expect(stored).not.toContain(Buffer.from(TEST_SMTP_PASSWORD).toString('base64'));
    expect(stored).not.toContain(Buffer.from(TEST_SMTP_PASSWORD).toString('hex'));
    expect(JSON.parse(stored).smtp.passwordSealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('when the masked password is sent back, then the saved one is kept (the test email signs in with it)', async () => {
    await save(r.admin, r.smtp.emailSettings()).expect(200);
    const changed = r.smtp.emailSettings({ fromName: 'IT Support' });
    await save(r.admin, { ...changed, smtp: { ...changed.smtp, password: MASKED } }).expect(200);
    const read = await r.admin.get('/api/settings/email').expect(200);
    expect(read.body.value).toMatchObject({ fromName: 'IT Support', smtp: { password: MASKED } });
    await r.admin.post('/api/settings/email/test').expect(200);
    const [mail] = await r.smtp.waitForMessages(1);
    expect(mail!.username).toBe(SMTP_USERNAME);
  });

  it('when a masked value does not match the saved password, then 400 asking for the full password', async () => {
    await save(r.admin, r.smtp.emailSettings()).expect(200);
    const value = r.smtp.emailSettings();
    const res = await save(r.admin, { ...value, smtp: { ...value.smtp, password: '••••••••zzzz' } }).expect(
      400,
    );
    expect(res.body.fieldErrors['value.smtp.password']).toEqual([SETTINGS_MESSAGES.maskedPassword]);
  });

  it('when the password is emptied (or there is no username), then no password is kept', async () => {
    await save(r.admin, r.smtp.emailSettings()).expect(200);
    const value = r.smtp.emailSettings();
    await save(r.admin, { ...value, smtp: { ...value.smtp, password: '' } }).expect(200);
    expect((await r.admin.get('/api/settings/email').expect(200)).body.value.smtp.password).toBe('');
    expect(JSON.parse((await readSetting())!).smtp.passwordSealed).toBeNull();

    await save(r.admin, { ...value, smtp: { ...value.smtp, username: '' } }).expect(200);
    const read = await r.admin.get('/api/settings/email').expect(200);
    expect(read.body.value.smtp).toMatchObject({ username: '', password: '' });
  });

  it('when the password is short, then its mask shows none of it', async () => {
    const value = r.smtp.emailSettings();
    await save(r.admin, { ...value, smtp: { ...value.smtp, password: 'hunter2' } }).expect(200);
    expect((await r.admin.get('/api/settings/email').expect(200)).body.value.smtp.password).toBe('••••••••');
  });

  it('when an agent saves, then 403 and nothing is stored', async () => {
    const res = await save(r.agent, r.smtp.emailSettings()).expect(403);
    expect(res.body.message).toBe('Only administrators may do this');
    expect(await readSetting()).toBeUndefined();
  });

  it.each([
    ['value.smtp.host', (v: Value) => ({ ...v, smtp: { ...v.smtp, host: 'mail server' } })],
    ['value.smtp.port', (v: Value) => ({ ...v, smtp: { ...v.smtp, port: 0 } })],
    ['value.smtp.security', (v: Value) => ({ ...v, smtp: { ...v.smtp, security: 'ssl' } })],
    ['value.fromAddress', (v: Value) => ({ ...v, fromAddress: 'support' })],
    ['value.fromName', (v: Value) => ({ ...v, fromName: ' ' })],
  ])('when %s is bad, then 400 naming it and nothing is stored', async (field, change) => {
    const res = await save(r.admin, change(r.smtp.emailSettings())).expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual([field]);
    // Named by its label, not its key path (decision 120); the field's own message follows.
    expect(res.body.message).toContain(res.body.fieldErrors[field][0]);
    expect(await readSetting()).toBeUndefined();
  });

  it('when the row was sealed with another encryption key, then email counts as not configured', async () => {
    const other = createTokenCipher(Buffer.alloc(32, 7));
    const { smtp, fromAddress, fromName } = r.smtp.emailSettings();
    await r.t.database.db.insert(settings).values({
      key: 'email',
      value: sealEmailSettings(other, { smtp, fromAddress, fromName, mailboxes: [] }),
    });
    const read = await r.agent.get('/api/settings/email').expect(200);
    expect(read.body).toMatchObject({ configured: false, value: { smtp: { password: MASKED } } });
    const res = await r.admin.post('/api/settings/email/test').expect(503);
    expect(res.body.message).toBe(MESSAGE_ERRORS.emailNotConfigured);
  });
});

type Value = ReturnType<ReplyTestApp['smtp']['emailSettings']>;

describe('POST /api/settings/email/test', () => {
  it('when the settings work, then 200 and the test email arrives at the admin’s own address; the check is recorded', async () => {
    await save(r.admin, r.smtp.emailSettings()).expect(200);
    const res = await r.admin.post('/api/settings/email/test').expect(200);
    expect(res.body).toEqual({ success: true, message: EMAIL_SETTINGS_TEXTS.testSent(r.adminUser.email) });
    const [mail] = await r.smtp.waitForMessages(1);
    expect(mail!.to).toEqual([r.adminUser.email]);
    expect(mail!.envelope.to).toEqual([r.adminUser.email]);
    expect(mail!.from).toEqual({ name: 'Help Desk', address: 'support@helpdesk.example.com' });
    expect(mail!.subject).toBe('Test email from Help Desk');
    expect(mail!.parsed.headers.get('auto-submitted')).toBe('auto-generated');
    const read = await r.agent.get('/api/settings/email').expect(200);
    expect(read.body.lastCheck).toEqual({ ok: true, at: expect.any(String), error: null });
    expect(Date.now() - Date.parse(read.body.lastCheck.at)).toBeLessThan(60_000);
  });

  it('when the settings are saved again with the same SMTP server, then the last check stays; another server clears it', async () => {
    await save(r.admin, r.smtp.emailSettings()).expect(200);
    await r.admin.post('/api/settings/email/test').expect(200);
    const mask = (await r.admin.get('/api/settings/email').expect(200)).body.value.smtp.password;
    const value = r.smtp.emailSettings();
    await save(r.admin, { ...value, smtp: { ...value.smtp, password: mask }, fromName: 'Renamed' }).expect(
      200,
    );
    expect((await r.admin.get('/api/settings/email').expect(200)).body.lastCheck).toMatchObject({ ok: true });
    await save(r.admin, { ...value, smtp: { ...value.smtp, port: value.smtp.port + 1 } }).expect(200);
    expect((await r.admin.get('/api/settings/email').expect(200)).body.lastCheck).toBeNull();
  });

  it('when the SMTP server rejects the login, then 503 saying so, and the failed check is recorded', async () => {
    const value = r.smtp.emailSettings();
    await save(r.admin, { ...value, smtp: { ...value.smtp, password: 'not-the-password-0000' } }).expect(200);
    const res = await r.admin.post('/api/settings/email/test').expect(503);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe(
      `${EMAIL_SETTINGS_TEXTS.testFailed}: ${MAIL_SERVER_OUTCOMES.signInRefused}`,
    );
    expect(res.text).not.toContain('not-the-password-0000');
    const read = await r.admin.get('/api/settings/email').expect(200);
    expect(read.body.lastCheck).toMatchObject({ ok: false, error: MAIL_SERVER_OUTCOMES.signInRefused });
  });

  it('when the SMTP server is down, then 503 saying it could not connect', async () => {
    await save(r.admin, r.smtp.emailSettings()).expect(200);
    await r.smtp.down();
    try {
      const res = await r.admin.post('/api/settings/email/test').expect(503);
      expect(res.body.message).toBe(
        `${EMAIL_SETTINGS_TEXTS.testFailed}: ${MAIL_SERVER_OUTCOMES.couldNotConnect}`,
      );
    } finally {
      await r.smtp.up();
    }
  });

  it('when email is not configured, then 503; when an agent asks, 403; without a session, 401', async () => {
    const res = await r.admin.post('/api/settings/email/test').expect(503);
    expect(res.body.message).toBe(MESSAGE_ERRORS.emailNotConfigured);
    await save(r.admin, r.smtp.emailSettings()).expect(200);
    await r.agent.post('/api/settings/email/test').expect(403);
    await request(r.t.app).post('/api/settings/email/test').expect(401);
    expect(r.smtp.messages).toHaveLength(0);
  });
});
