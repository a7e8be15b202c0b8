import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../app';
import { TOTP_MESSAGES } from '@shared/contracts/auth';
import { loadConfig } from '../../config';
import type { OpenDatabase } from '../../db/database';
import { SESSION_COOKIE_NAME } from '../../middleware/session';
import { openTestDatabase } from '../../test/test-database';
import { newUserInput } from '../../test/test-app';
import { codeFor, passwordStep, userWithTotp } from '../../test/two-step';

/**
 * Session security: fixation, sign-out, expiry, password changes, cookie attributes, and that the
 * session id never appears in an answer body. All apps run on one database of this file.
 */
const SECRET = 'sessions-test-secret-sessions-test-secret';
let database: OpenDatabase;
let app: Express;

function appWith(env: Record<string, string> = {}): Express {
  return createApp({
    config: loadConfig({
      NODE_ENV: 'test',
      BCRYPT_COST: '4',
      REGISTRATIONS_PER_IP_PER_HOUR: '10000',
      ...env,
    }),
    pool: database.pool,
    db: database.db,
    sessionSecret: SECRET,
  });
}

beforeAll(async () => {
  database = await openTestDatabase();
  app = appWith();
});
afterAll(() => database.close());
afterEach(() => {
  vi.useRealTimers();
});

/** The session cookie a response sets, as `name=value` for a Cookie header; undefined when none. */
function sessionCookieOf(res: request.Response): string | undefined {
  const header = res.headers['set-cookie'] as unknown as string[] | undefined;
  return header?.find((line) => line.startsWith(`${SESSION_COOKIE_NAME}=`))?.split(';')[0];
}
/** The full Set-Cookie line of the session cookie. */
function sessionSetCookieOf(res: request.Response): string | undefined {
  const header = res.headers['set-cookie'] as unknown as string[] | undefined;
  return header?.find((line) => line.startsWith(`${SESSION_COOKIE_NAME}=`));
}

/** The session id inside a signed cookie (`helpdesk.sid=s%3A<id>.<signature>`). */
function sidOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  return value.slice(2, value.lastIndexOf('.'));
}

/** A cookie carrying `sid`, signed with the app's secret as express-session signs it. */
function signedCookie(sid: string): string {
  const signature = crypto.createHmac('sha256', SECRET).update(sid).digest('base64').replace(/=+$/, '');
  return `${SESSION_COOKIE_NAME}=${encodeURIComponent(`s:${sid}.${signature}`)}`;
}

async function newUser(target = app) {
  const input = newUserInput();
  const res = await request(target).post('/api/register').send(input).expect(201);
  return { input, id: res.body.user.id as string };
}

/** Signs in and returns the session cookie and the whole answer. */
async function signIn(input: { email: string; password: string }, target = app, cookie?: string) {
  const req = request(target).post('/api/login');
  if (cookie) req.set('Cookie', cookie);
  const res = await req.send({ email: input.email, password: input.password }).expect(200);
  const issued = sessionCookieOf(res);
  expect(issued).toBeDefined();
  return { cookie: issued!, res };
}

const whoIs = (cookie: string, target = app) => request(target).get('/api/auth/user').set('Cookie', cookie);

async function sessionRowExists(sid: string): Promise<boolean> {
  const { rows } = await database.db.execute(sql`SELECT 1 FROM sessions WHERE sid = ${sid}`);
  return rows.length > 0;
}

describe('session fixation', () => {
  it('when nobody has signed in, then no session cookie is handed out (there is nothing to fix before sign-in)', async () => {
    const { input } = await newUser();
    const before = await database.db.execute(sql`SELECT count(*)::int AS n FROM sessions`);
    const answers = [
      await request(app).get('/api/auth/user').expect(401),
      await request(app).post('/api/register').send(newUserInput()).expect(201),
      await request(app).post('/api/login').send({ email: input.email, password: 'wrong one' }).expect(401),
      await request(app).get('/api/tickets').expect(401),
    ];
    for (const res of answers) expect(sessionCookieOf(res)).toBeUndefined();
    const after = await database.db.execute(sql`SELECT count(*)::int AS n FROM sessions`);
    expect(after.rows).toEqual(before.rows);
  });

  it('when an attacker plants their own valid session cookie and the victim signs in with it, then the victim gets a new id and the planted session is gone', async () => {
    const attacker = await newUser();
    const victim = await newUser();
    const { cookie: planted } = await signIn(attacker.input);

    const { cookie: issued, res } = await signIn(victim.input, app, planted);
    expect(res.body.user.id).toBe(victim.id);
    expect(sidOf(issued)).not.toBe(sidOf(planted));
    expect((await whoIs(issued).expect(200)).body.id).toBe(victim.id);
    // The planted id does not lead to the victim's account, nor to any other.
    await whoIs(planted).expect(401);
    expect(await sessionRowExists(sidOf(planted))).toBe(false);
  });

  it.each([
    ['signed with the app’s secret but never issued', signedCookie('attacker-chosen-session-id')],
    ['unsigned', `${SESSION_COOKIE_NAME}=attacker-chosen-session-id`],
    [
      'with a forged signature',
      `${SESSION_COOKIE_NAME}=${encodeURIComponent('s:attacker-chosen-session-id.AAAA')}`,
    ],
  ])('when a browser carries a session id %s, then signing in does not adopt it', async (_kind, planted) => {
    const { input, id } = await newUser();
    const { cookie: issued } = await signIn(input, app, planted);
    expect(sidOf(issued)).not.toBe('attacker-chosen-session-id');
    expect(await sessionRowExists('attacker-chosen-session-id')).toBe(false);
    await whoIs(planted).expect(401);
    expect((await whoIs(issued).expect(200)).body.id).toBe(id);
  });

  it('when the same user signs in again from a browser that is signed in, then the id changes too', async () => {
    const { input } = await newUser();
    const { cookie: first } = await signIn(input);
    const { cookie: second } = await signIn(input, app, first);
    expect(sidOf(second)).not.toBe(sidOf(first));
    await whoIs(first).expect(401);
    await whoIs(second).expect(200);
  });
});

describe('sign-out', () => {
  it('when a user signs out, then the session row is deleted and replaying the old cookie gives 401', async () => {
    const { input } = await newUser();
    const { cookie } = await signIn(input);
    expect(await sessionRowExists(sidOf(cookie))).toBe(true);

    const res = await request(app).post('/api/logout').set('Cookie', cookie).expect(303);
    expect(sessionSetCookieOf(res)).toMatch(/^helpdesk\.sid=;.*Expires=Thu, 01 Jan 1970/i);
    expect(await sessionRowExists(sidOf(cookie))).toBe(false);

    // A copy of the cookie kept by an attacker (or the browser's back-up) is worth nothing now.
    const replayed = await whoIs(cookie).expect(401);
    expect(replayed.body.message).toBe('Unauthorized');
    await request(app)
      .post('/api/auth/change-password')
      .set('Cookie', cookie)
      .send({ currentPassword: input.password, newPassword: 'another long password' })
      .expect(401);
  });

  it('when a user signs out in one browser, then their session in another browser goes on', async () => {
    const { input } = await newUser();
    const { cookie: laptop } = await signIn(input);
    const { cookie: phone } = await signIn(input);
    await request(app).post('/api/logout').set('Cookie', laptop).expect(303);
    await whoIs(laptop).expect(401);
    await whoIs(phone).expect(200);
  });
});

describe('session expiry', () => {
  it('when the stored session has expired, then the cookie is refused with 401', async () => {
    const { input } = await newUser();
    const { cookie } = await signIn(input);
    await whoIs(cookie).expect(200);
    await database.db.execute(
      sql`UPDATE sessions SET expire = now() - interval '1 minute' WHERE sid = ${sidOf(cookie)}`,
    );
    await whoIs(cookie).expect(401);
  });

  it('when both the row and the session’s own cookie expiry are in the past, then 401', async () => {
    const { input } = await newUser();
    const { cookie } = await signIn(input);
    await database.db.execute(sql`
      UPDATE sessions
      SET expire = now() - interval '1 hour',
          sess = jsonb_set(sess::jsonb, '{cookie,expires}', to_jsonb(now() - interval '1 hour'))::json
      WHERE sid = ${sidOf(cookie)}`);
    await whoIs(cookie).expect(401);
  });

  it('when SESSION_MAX_AGE_HOURS have passed since sign-in, then the cookie (replayed after the browser dropped it) is refused', async () => {
    const hours = 2;
    const shortLived = appWith({ SESSION_MAX_AGE_HOURS: String(hours) });
    const { input } = await newUser(shortLived);
    const signedInAt = Date.now();
    const { cookie, res } = await signIn(input, shortLived);

    // The browser is told the same lifetime the server enforces.
    const setCookie = sessionSetCookieOf(res)!;
    const expires = Date.parse(/Expires=([^;]+)/i.exec(setCookie)![1]!);
    expect(Math.abs(expires - (signedInAt + hours * 3_600_000))).toBeLessThan(5_000);
    const { rows } = await database.db.execute<{ expireMs: string }>(
      sql`SELECT (extract(epoch FROM expire::timestamptz) * 1000)::bigint AS "expireMs" FROM sessions WHERE sid = ${sidOf(cookie)}`,
    );
    expect(Math.abs(Number(rows[0]!.expireMs) - (signedInAt + hours * 3_600_000))).toBeLessThan(5_000);

    vi.useFakeTimers({ toFake: ['Date'], now: signedInAt + hours * 3_600_000 - 60_000 });
    await whoIs(cookie, shortLived).expect(200);
    vi.setSystemTime(signedInAt + hours * 3_600_000 + 5_000);
    await whoIs(cookie, shortLived).expect(401);
  });
});

describe('password change', () => {
  it('when a user changes the password, then their other sessions end, this one stays, and other users are not affected', async () => {
    const { input, id } = await newUser();
    const other = await newUser();
    const { cookie: here } = await signIn(input);
    const { cookie: elsewhere } = await signIn(input);
    const { cookie: colleague } = await signIn(other.input);

    await request(app)
      .post('/api/auth/change-password')
      .set('Cookie', here)
      .send({ currentPassword: input.password, newPassword: 'brand new password' })
      .expect(200);

    expect((await whoIs(here).expect(200)).body.id).toBe(id);
    await whoIs(elsewhere).expect(401);
    expect(await sessionRowExists(sidOf(elsewhere))).toBe(false);
    await whoIs(colleague).expect(200);
  });

  it('when a user changes the password while a browser waits for their code, then that half-signed-in session ends and the code no longer signs it in', async () => {
    const user = await userWithTotp(app);
    // The old password's holder has passed the first step and waits for the code.
    const { browser } = await passwordStep(app, user.input);

    await user.agent
      .post('/api/auth/change-password')
      .send({ currentPassword: user.input.password, newPassword: 'brand new password' })
      .expect(200);

    const late = await browser.post('/api/login/totp').send({ code: codeFor(user.secret) });
    expect(late.status).toBe(401);
    expect(late.body.message).toBe(TOTP_MESSAGES.notPending);
    await browser.get('/api/auth/user').expect(401);
    await user.agent.get('/api/auth/user').expect(200);
  });
});

describe('the session cookie', () => {
  it('when signing in without TLS configured, then the cookie is HttpOnly, SameSite=Lax, Path=/ and has a lifetime, but is not Secure', async () => {
    const { input } = await newUser();
    const { res } = await signIn(input);
    const setCookie = sessionSetCookieOf(res)!;
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).toMatch(/; Path=\//i);
    expect(setCookie).toMatch(/; Expires=/i);
    expect(setCookie).not.toMatch(/; Secure/i);
  });

  it('when running in production behind a TLS proxy (TRUST_PROXY), then the cookie is also Secure, and is never sent over plain http', async () => {
    const behindTls = appWith({ NODE_ENV: 'production', TRUST_PROXY: 'true' });
    const { input } = await newUser(behindTls);
    const overTls = await request(behindTls)
      .post('/api/login')
      .set('X-Forwarded-Proto', 'https')
      .send({ email: input.email, password: input.password })
      .expect(200);
    const setCookie = sessionSetCookieOf(overTls)!;
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);

    const overHttp = await request(behindTls)
      .post('/api/login')
      .set('X-Forwarded-Proto', 'http')
      .send({ email: input.email, password: input.password })
      .expect(200);
    expect(sessionCookieOf(overHttp)).toBeUndefined();

    const signOut = await request(behindTls)
      .post('/api/logout')
      .set('X-Forwarded-Proto', 'https')
      .set('Cookie', sessionCookieOf(overTls)!)
      .expect(303);
    expect(sessionSetCookieOf(signOut)).toMatch(/; Secure/i);
  });

  it('when running in production without TRUST_PROXY (plain http), then the cookie and its clearing at sign-out are not Secure', async () => {
    const plain = appWith({ NODE_ENV: 'production' });
    const { input } = await newUser(plain);
    const { cookie, res } = await signIn(input, plain);
    expect(sessionSetCookieOf(res)).not.toMatch(/; Secure/i);
    // A browser on http ignores a Set-Cookie marked Secure, so a Secure clear would not sign it out.
    const signOut = await request(plain).post('/api/logout').set('Cookie', cookie).expect(303);
    expect(sessionSetCookieOf(signOut)).not.toMatch(/; Secure/i);
    expect(sessionSetCookieOf(signOut)).toMatch(/; HttpOnly/i);
  });
});

describe('the session id stays in the cookie', () => {
  it('when a signed-in user calls the API, then no answer body or other header carries the session id', async () => {
    const input = newUserInput();
    const registered = await request(app).post('/api/register').send(input).expect(201);
    const { cookie, res: login } = await signIn(input);
    const sid = sidOf(cookie);
    const ticket = await request(app)
      .post('/api/tickets')
      .set('Cookie', cookie)
      .send({ subject: 'Printer', body: 'It jams', fromEmail: 'a@example.com', fromName: 'A' })
      .expect(201);

    const answers: [string, request.Response][] = [
      ['POST /api/register', registered],
      ['POST /api/login', login],
      ['POST /api/tickets', ticket],
    ];
    for (const path of [
      '/api/auth/user',
      '/api/users',
      '/api/users/ticket-counts',
      '/api/tickets',
      `/api/tickets/${ticket.body.id}`,
      `/api/tickets/${ticket.body.id}/check-updates?since=${encodeURIComponent(new Date().toISOString())}`,
      '/api/dashboard/stats',
      '/api/settings/harvest_credentials',
      '/api/loaner-equipment',
      '/api/time-entries',
      '/api/time-entries/summary',
      '/api/harvest/projects',
      '/api/reports?range=nonsense',
      '/api/no-such-route',
    ]) {
      answers.push([`GET ${path}`, await request(app).get(path).set('Cookie', cookie)]);
    }
    answers.push([
      'POST /api/auth/change-password',
      await request(app)
        .post('/api/auth/change-password')
        .set('Cookie', cookie)
        .send({ currentPassword: 'not it', newPassword: 'long enough password' }),
    ]);
    for (const [route, res] of answers) {
      expect(res.status, route).toBeLessThan(500);
      expect(res.text, route).not.toContain(sid);
      const { 'set-cookie': _cookie, ...otherHeaders } = res.headers;
      expect(JSON.stringify(otherHeaders), route).not.toContain(sid);
    }
  });
});
