import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Request } from 'express';
import request from 'supertest';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@shared/contracts/auth';
import { loadConfig } from '../../config';
import { registerSecret } from '../../test/security/response-scanner';
import { createTestApp, newUserInput, type TestApp } from '../../test/test-app';
import { isFromThisMachine } from './local-request';
import {
  hashSetupToken,
  issueSetupToken,
  prepareSetupToken,
  SETUP_TOKEN_FILE,
  setupLink,
} from './setup.service';

/** Each test starts a fresh install: its own database, no user yet. */
const apps: TestApp[] = [];
async function freshInstall(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  apps.push(t);
  return t;
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
});

async function newToken(t: TestApp): Promise<string> {
  const token = await issueSetupToken(t.database.db);
  if (!token) throw new Error('no setup token on a fresh install');
  registerSecret('the setup token', token);
  return token;
}

const setup = (t: TestApp, token: string, body: object = newUserInput()) =>
  request(t.app).post(`/api/setup/${token}`).send(body);

const storedTokens = async (t: TestApp) =>
  (await t.database.pool.query<{ token_hash: string }>('SELECT token_hash FROM setup_tokens')).rows.map(
    (row) => row.token_hash,
  );

describe('POST /api/setup/{token}', () => {
  it('when the link is used on a fresh install, then 201, an admin, signed in; used again, 404', async () => {
    const t = await freshInstall();
    const token = await newToken(t);
    const input = newUserInput();
    const agent = request.agent(t.app);
    const res = await agent.post(`/api/setup/${token}`).send(input).expect(201);
    expect(res.body).toMatchObject({ success: true, user: { email: input.email, role: 'admin' } });
    expect(res.body.user).not.toHaveProperty('password');
    const me = await agent.get('/api/auth/user').expect(200);
    expect(me.body).toMatchObject({ email: input.email, role: 'admin' });

    const again = await setup(t, token).expect(404);
    expect(again.body).toEqual({
      success: false,
      message: AUTH_MESSAGES.setupLinkInvalid,
      error: AUTH_MESSAGES.setupLinkInvalid,
    });
  });

  it('when it stores a token, then only its SHA-256 is kept', async () => {
    const t = await freshInstall();
    const token = await newToken(t);
    expect(await storedTokens(t)).toEqual([hashSetupToken(token)]);
    expect(hashSetupToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it.each([
    ['a made-up token of the right shape', 'A'.repeat(43)],
    ['a token of another shape', 'not-a-token'],
    ['a very long token', 'x'.repeat(5000)],
  ])('when the link carries %s, then 404 and no account', async (_case, token) => {
    const t = await freshInstall();
    await newToken(t);
    const res = await setup(t, token).expect(404);
    expect(res.body.error).toBe(AUTH_MESSAGES.setupLinkInvalid);
    const { rows } = await t.database.pool.query('SELECT count(*)::int AS n FROM users');
    expect(rows[0].n).toBe(0);
  });

  it('when the form is invalid or the email taken, then 400 or 409 and the link still works', async () => {
    const t = await freshInstall();
    const token = await newToken(t);
    const res = await setup(t, token, { ...newUserInput(), password: 'short' }).expect(400);
    expect(res.body.fieldErrors.password).toContain('Password must be at least 8 characters');
    const common = await setup(t, token, { ...newUserInput(), password: 'letmein1' }).expect(400);
    expect(common.body.fieldErrors).toEqual({ password: [AUTH_MESSAGES.commonPassword] });
    // Someone registered first from elsewhere (an agent), with the owner's address.
    const taken = newUserInput();
    await request(t.app).post('/api/register').set('X-Forwarded-For', '203.0.113.9').send(taken).expect(201);
    await setup(t, token, { ...newUserInput(), email: taken.email.toUpperCase() }).expect(409);
    await setup(t, token).expect(201);
  });

  it('when two browsers use one link at once, then one admin and one 404', async () => {
    const t = await freshInstall();
    const token = await newToken(t);
    const results = await Promise.all([setup(t, token), setup(t, token)]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 404]);
  });

  it('when an admin exists (registered from the machine itself), then every link answers 404', async () => {
    const t = await freshInstall();
    const first = await newToken(t);
    const second = await newToken(t);
    await request(t.app).post('/api/register').send(newUserInput()).expect(201);
    expect(await storedTokens(t)).toEqual([]);
    await setup(t, first).expect(404);
    await setup(t, second).expect(404);
    expect(await issueSetupToken(t.database.db)).toBeUndefined();
  });

  it('when an admin comes from outside the app (the seed, SQL), then the links die too', async () => {
    const t = await freshInstall();
    const token = await newToken(t);
    await request(t.app).post('/api/register').set('X-Forwarded-For', '203.0.113.7').send(newUserInput());
    await t.database.pool.query(`UPDATE users SET role = 'admin'`);
    await setup(t, token).expect(404);
  });

  it('when a foreign page posts to it, then 403 and the link still works', async () => {
    const t = await freshInstall();
    const token = await newToken(t);
    await setup(t, token).set('Origin', 'https://evil.example').expect(403);
    await request(t.app)
      .post(`/api/setup/${token}`)
      .set('Host', 'helpdesk.example.com')
      .set('Origin', 'http://helpdesk.example.com')
      .set('Sec-Fetch-Site', 'same-origin')
      .send(newUserInput())
      .expect(201);
  });
});

describe('the Register tab on a fresh install', () => {
  it.each([
    ['X-Forwarded-For', { 'X-Forwarded-For': '203.0.113.5' }],
    ['Forwarded', { Forwarded: 'for=203.0.113.5' }],
    ['X-Real-IP', { 'X-Real-IP': '203.0.113.5' }],
  ])(
    'when the request was passed on by a proxy (%s), then an agent, and the setup link still works',
    async (_header, headers) => {
      const t = await freshInstall();
      const token = await newToken(t);
      const res = await request(t.app).post('/api/register').set(headers).send(newUserInput()).expect(201);
      expect(res.body.user.role).toBe('agent');
      expect((await setup(t, token).expect(201)).body.user.role).toBe('admin');
      // With an admin there, the machine itself registers agents too.
      const local = await request(t.app).post('/api/register').send(newUserInput()).expect(201);
      expect(local.body.user.role).toBe('agent');
    },
  );

  it('when the app is behind a proxy (TRUST_PROXY), then even a loopback peer registers an agent', async () => {
    const t = await freshInstall({ TRUST_PROXY: 'true' });
    const res = await request(t.app).post('/api/register').send(newUserInput()).expect(201);
    expect(res.body.user.role).toBe('agent');
  });

  it('when an agent came first from outside, then the machine itself still registers the admin', async () => {
    const t = await freshInstall();
    await request(t.app).post('/api/register').set('X-Forwarded-For', '203.0.113.6').send(newUserInput());
    const res = await request(t.app).post('/api/register').send(newUserInput()).expect(201);
    expect(res.body.user.role).toBe('admin');
  });
});

describe('where a request comes from', () => {
  const req = (remoteAddress: string | undefined, headers: Record<string, string> = {}) =>
    ({ socket: { remoteAddress }, headers }) as unknown as Request;

  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.2'])(
    '%s is the machine itself',
    (address) => expect(isFromThisMachine(req(address), false)).toBe(true),
  );

  it.each(['10.0.0.5', '192.168.1.20', '203.0.113.5', '::ffff:10.0.0.5', 'fe80::1', '::2', '1127.0.0.1', ''])(
    '%s is not',
    (address) => expect(isFromThisMachine(req(address), false)).toBe(false),
  );

  it('a loopback peer that passes on a request, or any peer behind TRUST_PROXY, is not', () => {
    expect(isFromThisMachine(req('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }), false)).toBe(false);
    expect(isFromThisMachine(req('127.0.0.1', { forwarded: 'for=127.0.0.1' }), false)).toBe(false);
    expect(isFromThisMachine(req('127.0.0.1'), true)).toBe(false);
    expect(isFromThisMachine(req(undefined), false)).toBe(false);
  });
});

describe('the link at start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-setup-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const file = path.join(dataDir, SETUP_TOKEN_FILE);

  it('is written to DATA_DIR/setup-token (0600), kept across restarts, and removed once an admin exists', async () => {
    const t = await freshInstall();
    const token = await prepareSetupToken(t.database.db, { dataDir });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    registerSecret('the setup token', token!);
    expect(fs.readFileSync(file, 'utf8')).toBe(`${token}\n`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // A restart prints the same link.
    expect(await prepareSetupToken(t.database.db, { dataDir })).toBe(token);

    // A used token in the file: the next start makes a new one.
    await setup(t, token!, { ...newUserInput(), password: 'short' }).expect(400);
    await t.database.pool.query('DELETE FROM setup_tokens');
    const next = await prepareSetupToken(t.database.db, { dataDir });
    expect(next).not.toBe(token);
    expect(fs.readFileSync(file, 'utf8')).toBe(`${next}\n`);

    await setup(t, next!).expect(201);
    expect(await prepareSetupToken(t.database.db, { dataDir })).toBeUndefined();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('is still given when DATA_DIR cannot be written', async () => {
    const t = await freshInstall();
    const notAFolder = path.join(dataDir, 'a-file');
    fs.writeFileSync(notAFolder, '');
    const token = await prepareSetupToken(t.database.db, { dataDir: path.join(notAFolder, 'data') });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('is the public address when PUBLIC_URL is set, else where the app listens', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(setupLink(config, 3000, 'T')).toBe('http://127.0.0.1:3000/setup/T');
    expect(setupLink({ ...config, host: '0.0.0.0' }, 8080, 'T')).toBe('http://localhost:8080/setup/T');
    expect(setupLink({ ...config, host: '::1' }, 8080, 'T')).toBe('http://[::1]:8080/setup/T');
    expect(setupLink({ ...config, publicUrl: 'https://help.example.com' }, 3000, 'T')).toBe(
      'https://help.example.com/setup/T',
    );
  });
});
