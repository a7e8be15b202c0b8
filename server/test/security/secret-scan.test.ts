/**
 * Secrets never leave the server. Every answer of the integration suite is already scanned by the
 * setup file (secret-scan.setup.ts); this file drives the endpoints that handle secrets on purpose,
 * and proves the scanner itself catches a planted secret, so it cannot pass by seeing nothing.
 */
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_HARVEST_TOKEN } from '../fake-harvest/server';
import { FAKE_CREDENTIALS } from '../harvest-test-app';
import { TEST_SESSION_SECRET } from '../test-app';
import { TEST_INBOUND_TOKEN } from './known-secrets';
import { registerSecret, takeLeaks } from './response-scanner';
import { findSecrets } from './secret-scanner';
import { INBOUND_TOKEN, startSecurityFixture, type SecurityFixture } from './security-fixture';

let fx: SecurityFixture;
beforeAll(async () => {
  fx = await startSecurityFixture();
});
afterAll(() => fx.close());

const api = () => request(fx.baseUrl);

/** The stored password hashes: none of them may appear in any answer. */
async function storedHashes(): Promise<string[]> {
  const { rows } = await fx.t.database.pool.query<{ password: string }>('SELECT password FROM users');
  return rows.map((row) => row.password);
}

async function storedSealedToken(): Promise<string> {
  const { rows } = await fx.t.database.pool.query<{ sealed: string }>(
    `SELECT value->>'accessTokenSealed' AS sealed FROM settings WHERE key = 'harvest_credentials'`,
  );
  return rows[0]!.sealed;
}

function expectFreeOf(text: string, secrets: string[]) {
  for (const secret of secrets) expect(text).not.toContain(secret);
}

const PUBLIC_USER_KEYS = ['email', 'firstName', 'id', 'lastName', 'name', 'profileImageUrl', 'role'];

describe('the scanner', () => {
  it('is installed on the responses of every Express app of the test process', () => {
    expect(express.response.send.name).toBe('scannedSend');
  });

  it('knows the inbound token the inbound tests use', () => {
    expect(TEST_INBOUND_TOKEN).toBe(INBOUND_TOKEN);
  });

  it('when the real app answers with a bcrypt hash (planted in a ticket), then the leak is recorded', async () => {
    const planted = `$2b$04$${'a'.repeat(53)}`;
    await api()
      .post('/api/tickets')
      .set('Cookie', fx.admin.cookie)
      .send({ subject: planted, body: 'x', fromEmail: 'a@example.com', fromName: 'A' })
      .expect(201);
    // Taken here, so the setup file's check after this test sees none.
    expect(takeLeaks()).toContainEqual(
      expect.objectContaining({ rule: 'bcrypt hash', request: 'POST /api/tickets → 201' }),
    );
  });

  it.each([
    ['a password key', { user: { id: 1, password: 'x' } }, 'key password'],
    ['a passwordHash key', { passwordHash: 'x' }, 'key passwordHash'],
    [
      'a sealed Harvest token',
      { note: `v1.${'A'.repeat(16)}.${'B'.repeat(22)}.CCCC` },
      'sealed Harvest token',
    ],
    ['an unmasked access token', { value: { accessToken: 'abc' } }, 'unmasked accessToken'],
    ['the session secret', { debug: TEST_SESSION_SECRET }, 'the session secret'],
    ['the Harvest token', { debug: FAKE_HARVEST_TOKEN }, 'the Harvest access token'],
    ['the inbound bearer token', { debug: INBOUND_TOKEN }, 'the inbound email token'],
  ])('when any app answers with %s, then the leak is recorded', async (_what, planted, rule) => {
    const leaky = express().get('/leak', (_req, res) => {
      res.json(planted);
    });
    await request(leaky).get('/leak').expect(200);
    expect(takeLeaks().map((leak) => leak.rule)).toContain(rule);
  });

  it('when an answer echoes the password the request sent, then the leak is recorded', async () => {
    const echo = express()
      .use(express.json())
      .post('/echo', (req, res) => {
        res.json({ message: `Welcome ${req.body.password}` });
      });
    await request(echo).post('/echo').send({ password: 'hunter2-but-longer' }).expect(200);
    expect(takeLeaks().map((leak) => leak.rule)).toContain('the password the request sent');
  });

  it('when a 400 names the password field in fieldErrors, then that is not a leak', async () => {
    const res = await api()
      .post('/api/register')
      .send({ email: 'x@example.com', password: 'short' })
      .expect(400);
    expect(res.body.fieldErrors.password).toBeDefined();
    expect(takeLeaks()).toEqual([]);
    expect(findSecrets(res.text, [])).toEqual([]);
  });
});

describe('accounts', () => {
  it('when a user registers and signs in, then both answers carry the public user only', async () => {
    const email = `secret.scan.${Date.now()}@example.com`;
    const password = 'correct horse battery staple';
    const registered = await api()
      .post('/api/register')
      .send({ email, password, firstName: 'Sam', lastName: 'Secret' })
      .expect(201);
    const signedIn = await api().post('/api/login').send({ email, password }).expect(200);
    for (const res of [registered, signedIn]) {
      expect(Object.keys(res.body.user).sort()).toEqual(PUBLIC_USER_KEYS);
      expectFreeOf(res.text, [password, ...(await storedHashes())]);
    }
  });

  it('when anyone reads the current user or the user lists, then no hash and no password key appear', async () => {
    const hashes = await storedHashes();
    for (const path of ['/api/auth/user', '/api/users', '/api/users/ticket-counts']) {
      const res = await api().get(path).set('Cookie', fx.agent.cookie).expect(200);
      expectFreeOf(res.text, hashes);
      expect(res.text).not.toMatch(/"password/i);
    }
  });

  it('when sign-in or a password change fails, then the answer does not repeat the password', async () => {
    const wrong = 'not-the-password-at-all';
    const login = await api().post('/api/login').send({ email: fx.agent.email, password: wrong }).expect(401);
    const change = await api()
      .post('/api/auth/change-password')
      .set('Cookie', fx.agent.cookie)
      .send({ currentPassword: wrong, newPassword: 'a new horse battery' })
      .expect(400);
    for (const res of [login, change]) expectFreeOf(res.text, [wrong, fx.agent.password]);
  });

  it('when a body with a password is not valid JSON, then the 400 does not quote it', async () => {
    const res = await api()
      .post('/api/login')
      .set('Content-Type', 'application/json')
      .send(`{"email":"${fx.agent.email}","password":"${fx.agent.password}"`)
      .expect(400);
    expect(res.body.message).toBe('The request body is not valid JSON');
    expectFreeOf(res.text, [fx.agent.password]);
  });
});

describe('Harvest credentials in settings', () => {
  it('when an admin saves them, then neither the token nor its ciphertext appears in any answer', async () => {
    const saved = await api()
      .post('/api/settings')
      .set('Cookie', fx.admin.cookie)
      .send({ key: 'harvest_credentials', value: FAKE_CREDENTIALS })
      .expect(200);
    const sealed = await storedSealedToken();
    registerSecret('the sealed Harvest token', sealed);
    const [forAdmin, forAgent] = await Promise.all(
      [fx.admin, fx.agent].map((user) =>
        api().get('/api/settings/harvest_credentials').set('Cookie', user.cookie).expect(200),
      ),
    );
    for (const res of [saved, forAdmin!, forAgent!]) expectFreeOf(res.text, [FAKE_HARVEST_TOKEN, sealed]);
    expect(forAgent!.body.value.accessToken).toBe(`••••••••${FAKE_HARVEST_TOKEN.slice(-4)}`);
  });

  it('when Harvest rejects a token, then the answer explains without repeating the token', async () => {
    const token = 'rejected-token-0123456789';
    const res = await api()
      .post('/api/settings')
      .set('Cookie', fx.admin.cookie)
      .send({ key: 'harvest_credentials', value: { accountId: '42', accessToken: token } })
      .expect(200);
    expect(res.body.message).toMatch(/Harvest rejected these credentials/);
    expectFreeOf(res.text, [token]);
  });

  it('when an agent tries to save them, then the 403 does not repeat the token either', async () => {
    const token = 'agent-supplied-token-0123456789';
    const res = await api()
      .post('/api/settings')
      .set('Cookie', fx.agent.cookie)
      .send({ key: 'harvest_credentials', value: { accountId: '42', accessToken: token } })
      .expect(403);
    expectFreeOf(res.text, [token]);
  });
});

describe('the inbound email webhook', () => {
  it('when a wrong bearer token is sent, then the 401 names the header but not the token', async () => {
    const guess = 'guessed-token-0123456789abcdef';
    const res = await api()
      .post('/api/inbound/email')
      .set('Authorization', `Bearer ${guess}`)
      .send({})
      .expect(401);
    expect(res.body.message).toMatch(/bearer token/);
    expectFreeOf(res.text, [guess, INBOUND_TOKEN]);
  });

  it('when a mail is accepted, then the answer carries the ticket but not the token', async () => {
    const res = await api()
      .post('/api/inbound/email')
      .set('Authorization', `Bearer ${INBOUND_TOKEN}`)
      .send({
        subject: 'Secret scan',
        body: 'Hello',
        from: 'Jo <jo.secret.scan@contoso.com>',
        received: '2026-03-01T09:30:00Z',
      })
      .expect(201);
    expectFreeOf(res.text, [INBOUND_TOKEN]);
  });
});
