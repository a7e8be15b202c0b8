import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PASSWORD_RESET_MESSAGES, TOTP_MESSAGES } from '@shared/contracts/auth';
import { registerLogSecret } from '../../test/security/log-scanner';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { startAccountEmailSender } from '../../core/accounts/account-email.job';
import { createReplyTestApp, type ReplyTestApp } from '../../test/support/replies';
import { newResetLink } from '../../core/accounts/password-reset-link';
import { startPasswordResetRequests } from './password-reset.job';
import { codeFor, passwordStep, userWithTotp } from '../../test/two-step';

let r: ReplyTestApp;

beforeAll(async () => {
  r = await createReplyTestApp();
  // As server.ts: the requests are worked, and their emails sent, in the background.
  const deps = { db: r.t.database.db, jobs: r.t.jobs, config: r.t.config, cipher: r.cipher };
  await startAccountEmailSender(deps);
  await startPasswordResetRequests(deps);
});
afterAll(() => r.close());

const LINK = /https?:\/\/\S+\/reset-password\/([A-Za-z0-9_-]{43})/;

/** Asks for a reset link for `email`; returns the answer. */
const requestReset = (email: string) => request(r.t.app).post('/api/password-reset').send({ email });

/** The token of the newest reset email to `email`. */
async function tokenFromEmail(email: string, count: number): Promise<string> {
  const messages = await r.smtp.waitForMessages(count);
  const mail = [...messages].reverse().find((message) => message.to.includes(email));
  const token = mail && LINK.exec(mail.text)?.[1];
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  registerLogSecret('a password reset token', token);
  return token;
}

describe('POST /api/password-reset', () => {
  it('when the address has an account, has none, or is deactivated, then the same 202, and only the account holder gets a link', async () => {
    const holder = await signedInAgent(r.t.app);
    const leaver = await signedInAgent(r.t.app);
    await r.admin.put(`/api/team/${leaver.user.id}`).send({ active: false }).expect(200);
    const sent = r.smtp.messages.length;

    const known = await requestReset(holder.input.email).expect(202);
    const unknown = await requestReset('nobody.here@example.com').expect(202);
    const deactivated = await requestReset(leaver.input.email).expect(202);
    expect(known.body).toEqual({ success: true, message: PASSWORD_RESET_MESSAGES.requested });
    expect(unknown.body).toEqual(known.body);
    expect(deactivated.body).toEqual(known.body);

    const token = await tokenFromEmail(holder.input.email, sent + 1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(r.smtp.messages.length).toBe(sent + 1);
    const { rows } = await r.t.database.pool.query('SELECT * FROM password_resets');
    expect(JSON.stringify(rows)).not.toContain(token);
    const jobs = await r.t.database.pool.query(`SELECT data::text AS data FROM pgboss.job`);
    for (const job of jobs.rows) expect(job.data).not.toContain(token);
    // What strangers type travels sealed: the job table never holds an unknown address in clear.
    expect(JSON.stringify(jobs.rows)).not.toContain('nobody.here@example.com');
  });

  it('when the link is used, then the password changes, every session of the user ends, and the link is used up', async () => {
    const user = await signedInAgent(r.t.app);
    const otherBrowser = request.agent(r.t.app);
    await otherBrowser
      .post('/api/login')
      .send({ email: user.input.email, password: user.input.password })
      .expect(200);
    await requestReset(user.input.email).expect(202);
    const token = await tokenFromEmail(user.input.email, r.smtp.messages.length + 1);

    const done = await request(r.t.app)
      .post(`/api/password-reset/${token}`)
      .send({ password: 'a brand new password' })
      .expect(200);
    expect(done.body).toEqual({ success: true, message: PASSWORD_RESET_MESSAGES.passwordReset });
    await user.agent.get('/api/auth/user').expect(401);
    await otherBrowser.get('/api/auth/user').expect(401);
    await request(r.t.app)
      .post('/api/login')
      .send({ email: user.input.email, password: user.input.password })
      .expect(401);
    await request(r.t.app)
      .post('/api/login')
      .send({ email: user.input.email, password: 'a brand new password' })
      .expect(200);
    const again = await request(r.t.app)
      .post(`/api/password-reset/${token}`)
      .send({ password: 'yet another password' })
      .expect(404);
    expect(again.body.message).toBe(PASSWORD_RESET_MESSAGES.linkInvalid);
  });

  it('when the password is reset while a browser waits for the code, then that half-signed-in session ends and the code no longer signs it in', async () => {
    const user = await userWithTotp(r.t.app);
    const made = await r.admin.post(`/api/team/${user.user.id}/password-reset`).expect(200);
    const token = LINK.exec(made.body.url)?.[1];
    registerLogSecret('a password reset token', token!);
    // Made after the link: the old password's holder has passed the first step and waits for the code.
    const { browser } = await passwordStep(r.t.app, user.input);

    await request(r.t.app)
      .post(`/api/password-reset/${token}`)
      .send({ password: 'a brand new password' })
      .expect(200);

    const late = await browser.post('/api/login/totp').send({ code: codeFor(user.secret) });
    expect(late.status).toBe(401);
    expect(late.body.message).toBe(TOTP_MESSAGES.notPending);
    await browser.get('/api/auth/user').expect(401);
  });

  it('when the link is older than an hour, replaced by a newer one, unknown or malformed, then 404 alike', async () => {
    const user = await signedInAgent(r.t.app);
    await requestReset(user.input.email).expect(202);
    const first = await tokenFromEmail(user.input.email, r.smtp.messages.length + 1);
    await requestReset(user.input.email).expect(202);
    const second = await tokenFromEmail(user.input.email, r.smtp.messages.length + 1);
    expect(second).not.toBe(first);
    await r.t.database.db.execute(
      sql`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`,
    );
    for (const token of [first, second, 'A'.repeat(43), 'short']) {
      await request(r.t.app)
        .post(`/api/password-reset/${token}`)
        .send({ password: 'a brand new password' })
        .expect(404);
    }
    await request(r.t.app)
      .post('/api/login')
      .send({ email: user.input.email, password: user.input.password })
      .expect(200);
  });

  it('when email is not configured, then 202 saying to ask an admin, the same for every address', async () => {
    await r.t.database.db.execute(sql`DELETE FROM settings WHERE key = 'email'`);
    try {
      const res = await requestReset(r.agentUser.email).expect(202);
      expect(res.body).toEqual({ success: true, message: PASSWORD_RESET_MESSAGES.noEmail });
      expect((await requestReset('nobody@example.com').expect(202)).body).toEqual(res.body);
    } finally {
      await r.configureEmail();
    }
  });

  it('when the input is bad, then 400 naming the field', async () => {
    const email = await request(r.t.app).post('/api/password-reset').send({ email: 'nope' }).expect(400);
    expect(email.body.fieldErrors).toHaveProperty('email');
    const password = await request(r.t.app)
      .post(`/api/password-reset/${'A'.repeat(43)}`)
      .send({ password: 'short' })
      .expect(400);
    expect(password.body.fieldErrors).toHaveProperty('password');
  });
});

describe('POST /api/team/:id/password-reset', () => {
  it('when an admin makes a link for a member, then it works like an emailed one; agents get 403', async () => {
    const member = await signedInAgent(r.t.app);
    const res = await r.admin.post(`/api/team/${member.user.id}/password-reset`).expect(200);
    expect(Object.keys(res.body)).toEqual(['url']);
    const token = LINK.exec(res.body.url)?.[1];
    expect(token).toBeDefined();
    registerLogSecret('a password reset token', token!);
    await r.agent.post(`/api/team/${member.user.id}/password-reset`).expect(403);

    await request(r.t.app)
      .post(`/api/password-reset/${token}`)
      .send({ password: 'set by an admin link' })
      .expect(200);
    await member.agent.get('/api/auth/user').expect(401);
  });

  it('when the new password is a common one, then 400 naming password and the link still works', async () => {
    const member = await signedInAgent(r.t.app);
    const res = await r.admin.post(`/api/team/${member.user.id}/password-reset`).expect(200);
    const token = LINK.exec(res.body.url)![1]!;
    registerLogSecret('a password reset token', token);
    const common = await request(r.t.app)
      .post(`/api/password-reset/${token}`)
      .send({ password: 'iloveyou' })
      .expect(400);
    expect(common.body.fieldErrors).toEqual({ password: [AUTH_MESSAGES.commonPassword] });
    await request(r.t.app)
      .post(`/api/password-reset/${token}`)
      .send({ password: 'set by an admin link' })
      .expect(200);
  });

  it('when the member is deactivated or unknown, then 409 or 404', async () => {
    const leaver = await signedInAgent(r.t.app);
    await r.admin.put(`/api/team/${leaver.user.id}`).send({ active: false }).expect(200);
    const refused = await r.admin.post(`/api/team/${leaver.user.id}/password-reset`).expect(409);
    expect(refused.body.message).toBe(PASSWORD_RESET_MESSAGES.memberDeactivated);
    await r.admin.post('/api/team/00000000-0000-4000-8000-000000000000/password-reset').expect(404);
    await r.admin.post('/api/team/nope/password-reset').expect(400);
  });
});

describe('a deactivated account', () => {
  it('when a link was made before the member was deactivated, then it answers 404, also once they are reactivated, and the password stays', async () => {
    const member = await signedInAgent(r.t.app);
    const made = await r.admin.post(`/api/team/${member.user.id}/password-reset`).expect(200);
    const token = LINK.exec(made.body.url)![1]!;
    registerLogSecret('a password reset token', token);

    await r.admin.put(`/api/team/${member.user.id}`).send({ active: false }).expect(200);
    const refused = await request(r.t.app)
      .post(`/api/password-reset/${token}`)
      .send({ password: 'set while deactivated' })
      .expect(404);
    expect(refused.body.message).toBe(PASSWORD_RESET_MESSAGES.linkInvalid);

    await r.admin.put(`/api/team/${member.user.id}`).send({ active: true }).expect(200);
    await request(r.t.app)
      .post(`/api/password-reset/${token}`)
      .send({ password: 'set while deactivated' })
      .expect(404);
    await request(r.t.app)
      .post('/api/login')
      .send({ email: member.input.email, password: member.input.password })
      .expect(200);
  });

  it('when a link of a deactivated account is used, however it came to be, then 404 and the password stays', async () => {
    const member = await signedInAgent(r.t.app);
    await r.admin.put(`/api/team/${member.user.id}`).send({ active: false }).expect(200);
    // As a link made while the deactivation was under way would be.
    const url = await newResetLink(r.t.database.db, member.user.id, 'http://127.0.0.1');
    const token = LINK.exec(url)![1]!;
    registerLogSecret('a password reset token', token);

    await request(r.t.app)
      .post(`/api/password-reset/${token}`)
      .send({ password: 'set while deactivated' })
      .expect(404);
    await r.admin.put(`/api/team/${member.user.id}`).send({ active: true }).expect(200);
    await request(r.t.app)
      .post('/api/login')
      .send({ email: member.input.email, password: member.input.password })
      .expect(200);
  });
});

describe('reset requests are throttled', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_IP: '5' });
  });
  afterAll(() => t.close());

  it('when one address is asked about too often, then 429 with Retry-After, and a client past its limit too', async () => {
    for (let i = 0; i < 3; i += 1) {
      await request(t.app).post('/api/password-reset').send({ email: 'target@example.com' }).expect(202);
    }
    const limited = await request(t.app)
      .post('/api/password-reset')
      .send({ email: 'Target@Example.com' })
      .expect(429);
    expect(limited.body.message).toBe(AUTH_MESSAGES.tooManyPasswordResets);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The refused one counted for nothing: this client has used 3 of its 5.
    await request(t.app).post('/api/password-reset').send({ email: 'other1@example.com' }).expect(202);
    await request(t.app).post('/api/password-reset').send({ email: 'other2@example.com' }).expect(202);
    await request(t.app).post('/api/password-reset').send({ email: 'other3@example.com' }).expect(429);
  });
});
