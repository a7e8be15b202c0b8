import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTP_MESSAGES } from '@shared/contracts/auth';
import { registerLogSecret } from '../../test/security/log-scanner';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import * as support from '../../test/two-step';

type Signed = Awaited<ReturnType<typeof signedInAgent>>;

let t: TestApp;
let admin: Signed;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '5', TOTP_MAX_FAILURES_PER_ACCOUNT: '5' });
  admin = await signedInAgent(t.app);
});
afterAll(() => t.close());

const userWithTotp = () => support.userWithTotp(t.app);
const passwordStep = (input: { email: string; password: string }) => support.passwordStep(t.app, input);
const { codeFor } = support;

describe('turning two-step sign-in on', () => {
  it('when a user sets it up, then the secret is sealed at rest, the QR URL names the account, and a code turns it on with ten recovery codes', async () => {
    const user = await signedInAgent(t.app);
    expect((await user.agent.get('/api/auth/totp').expect(200)).body).toEqual({
      enabled: false,
      required: false,
    });
    const setup = await user.agent.post('/api/auth/totp/setup').expect(200);
    const { secret, otpauthUrl } = setup.body;
    registerLogSecret('a TOTP secret', secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain(encodeURIComponent(user.input.email));

    const { rows } = await t.database.pool.query('SELECT * FROM users WHERE id = $1', [user.user.id]);
    expect(JSON.stringify(rows)).not.toContain(secret);

    const wrong = await user.agent.post('/api/auth/totp/enable').send({ code: '000000' }).expect(400);
    expect(wrong.body.fieldErrors).toHaveProperty('code');
    const enabled = await user.agent
      .post('/api/auth/totp/enable')
      .send({ code: codeFor(secret) })
      .expect(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.body.recoveryCodes).size).toBe(10);
    for (const code of enabled.body.recoveryCodes) registerLogSecret('a recovery code', code);
    const stored = await t.database.pool.query(
      'SELECT code_hash FROM totp_recovery_codes WHERE user_id = $1',
      [user.user.id],
    );
    expect(JSON.stringify(stored.rows)).not.toContain(enabled.body.recoveryCodes[0]);
    expect((await user.agent.get('/api/auth/totp').expect(200)).body.enabled).toBe(true);
    await user.agent.post('/api/auth/totp/setup').expect(409);
  });

  it('when enable comes without a setup, or with a malformed code, then 400 naming the code', async () => {
    const user = await signedInAgent(t.app);
    const none = await user.agent.post('/api/auth/totp/enable').send({ code: '123456' }).expect(400);
    expect(none.body.message).toBe(TOTP_MESSAGES.noSetup);
    const bad = await user.agent.post('/api/auth/totp/enable').send({ code: '12ab' }).expect(400);
    expect(bad.body.fieldErrors).toHaveProperty('code');
  });
});

describe('signing in with two-step sign-in', () => {
  it('when the password is right, then 200 totpRequired and not signed in until the code; the code works once', async () => {
    const user = await userWithTotp();
    const { browser, res } = await passwordStep(user.input);
    expect(res.body).toEqual({ totpRequired: true });
    await browser.get('/api/auth/user').expect(401);

    const code = codeFor(user.secret);
    const signedIn = await browser.post('/api/login/totp').send({ code }).expect(200);
    expect(signedIn.body).toMatchObject({ success: true, user: { id: user.user.id } });
    await browser.get('/api/auth/user').expect(200);

    // The same code again, in another sign-in: refused.
    const second = await passwordStep(user.input);
    const reused = await second.browser.post('/api/login/totp').send({ code }).expect(401);
    expect(reused.body.message).toBe(TOTP_MESSAGES.invalidCode);
    await second.browser.get('/api/auth/user').expect(401);
    // The next step's code (one step of drift) works.
    await second.browser
      .post('/api/login/totp')
      .send({ code: codeFor(user.secret, 1) })
      .expect(200);
  });

  it('when a recovery code is used, then it signs in once and never again', async () => {
    const user = await userWithTotp();
    const [recovery] = user.recoveryCodes;
    const first = await passwordStep(user.input);
    await first.browser.post('/api/login/totp').send({ recoveryCode: recovery!.toUpperCase() }).expect(200);
    await first.browser.get('/api/auth/user').expect(200);
    const again = await passwordStep(user.input);
    await again.browser.post('/api/login/totp').send({ recoveryCode: recovery }).expect(401);
  });

  it('when there was no password step, then 401; a bad body is a 400', async () => {
    await request(t.app).post('/api/login/totp').send({ code: '123456' }).expect(401);
    const user = await userWithTotp();
    const { browser } = await passwordStep(user.input);
    const both = await browser
      .post('/api/login/totp')
      .send({ code: '123456', recoveryCode: 'x' })
      .expect(400);
    expect(both.body.fieldErrors).toHaveProperty('code');
  });

  it('when codes are guessed, then the account’s sign-in budget runs out (429)', async () => {
    const user = await userWithTotp();
    const { browser } = await passwordStep(user.input);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push((await browser.post('/api/login/totp').send({ code: '000000' })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('when wrong codes are spread over several sign-ins, then the account’s second step stops at 5 (429 with Retry-After) whatever the password did, and it is recorded', async () => {
    const user = await userWithTotp();
    // Four rounds of a right password and four wrong codes: 16 guesses if the password cleared them.
    const statuses: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const { browser } = await passwordStep(user.input);
      for (let i = 0; i < 4; i += 1) {
        statuses.push((await browser.post('/api/login/totp').send({ code: '000000' })).status);
      }
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));

    // A right password again, and even the right code: still refused until the window ends.
    const { browser } = await passwordStep(user.input);
    const refused = await browser
      .post('/api/login/totp')
      .send({ code: codeFor(user.secret) })
      .expect(429);
    expect(refused.body.message).toBe(TOTP_MESSAGES.tooManyCodes);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    await browser.post('/api/login/totp').send({ recoveryCode: user.recoveryCodes[0] }).expect(429);
    await browser.get('/api/auth/user').expect(401);

    const events = (await admin.agent.get('/api/team/audit?limit=50').expect(200)).body.events as Array<{
      kind: string;
      target: { id: string } | null;
    }>;
    const ofUser = events.filter((event) => event.target?.id === user.user.id).map((event) => event.kind);
    expect(ofUser.filter((kind) => kind === 'totp_locked')).toHaveLength(1);
    expect(ofUser.filter((kind) => kind === 'sign_in_failed')).toHaveLength(5);
  });

  it('when wrong recovery codes and wrong codes are mixed, then they share the account’s 5', async () => {
    const user = await userWithTotp();
    const statuses: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      const { browser } = await passwordStep(user.input);
      statuses.push((await browser.post('/api/login/totp').send({ code: '000000' })).status);
      for (let i = 0; i < 2; i += 1) {
        const guess = { recoveryCode: `wrong-code-${round}-${i}` };
        statuses.push((await browser.post('/api/login/totp').send(guess)).status);
      }
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('when the right code follows a few wrong ones, then it signs in and the wrong ones are forgotten', async () => {
    const user = await userWithTotp();
    const first = await passwordStep(user.input);
    for (let i = 0; i < 4; i += 1)
      await first.browser.post('/api/login/totp').send({ code: '000000' }).expect(401);
    await first.browser
      .post('/api/login/totp')
      .send({ code: codeFor(user.secret) })
      .expect(200);
    const next = await passwordStep(user.input);
    for (let i = 0; i < 5; i += 1)
      await next.browser.post('/api/login/totp').send({ code: '000000' }).expect(401);
    await next.browser.post('/api/login/totp').send({ code: '000000' }).expect(429);
  });
});

describe('turning it off and resetting it', () => {
  it('when a user turns it off with their password, then sign-in needs the password only', async () => {
    const user = await userWithTotp();
    const wrong = await user.agent
      .post('/api/auth/totp/disable')
      .send({ password: 'wrong password' })
      .expect(400);
    expect(wrong.body.fieldErrors).toHaveProperty('password');
    await user.agent.post('/api/auth/totp/disable').send({ password: user.input.password }).expect(200);
    const { res } = await passwordStep(user.input);
    expect(res.body).toMatchObject({ success: true });
  });

  it('when an admin resets a member’s two-step sign-in, then the member signs in with the password alone; agents get 403', async () => {
    const member = await userWithTotp();
    await member.agent.delete(`/api/team/${admin.user.id}/totp`).expect(403);
    await admin.agent.delete(`/api/team/${member.user.id}/totp`).expect(204);
    const { res } = await passwordStep(member.input);
    expect(res.body).toMatchObject({ success: true });
    await admin.agent.delete('/api/team/00000000-0000-4000-8000-000000000000/totp').expect(404);
  });

  it('when admins require it, then GET /api/auth/totp says so', async () => {
    await admin.agent
      .post('/api/settings')
      .send({ key: 'registration', value: { mode: 'open', allowedDomains: [], requireTotp: true } })
      .expect(200);
    const user = await signedInAgent(t.app);
    expect((await user.agent.get('/api/auth/totp').expect(200)).body).toEqual({
      enabled: false,
      required: true,
    });
  });
});
