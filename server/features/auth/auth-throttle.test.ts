import { sql } from 'drizzle-orm';
import type { Express } from 'express';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, TOTP_MESSAGES } from '@shared/contracts/auth';
import { createApp } from '../../app';
import { loadConfig } from '../../config';
import { createDb, type Database } from '../../db/client';
import type { OpenDatabase } from '../../db/database';
import { FixedWindowCounter } from '../../db/fixed-window-counter';
import { openTestDatabase } from '../../test/test-database';
import { newUserInput } from '../../test/test-app';
import { turnOnTwoStep } from '../../test/two-step';
import { AUTH_THROTTLE_SCOPES } from '../../core/accounts/auth-throttle';

/**
 * The sign-in and registration throttles keep their counts in PostgreSQL. Every app here runs on
 * one database, as the processes of a cluster do; in PostgreSQL mode the second "process" even has
 * its own connection pool. Each test uses client addresses (X-Forwarded-For behind TRUST_PROXY) and
 * accounts of its own, so the tests do not draw on each other's budgets.
 */
let database: OpenDatabase;
let otherPool: pg.Pool | undefined;
let otherDb: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  if (database.mode === 'postgres') {
    otherPool = new pg.Pool({ connectionString: database.pool.options.connectionString, max: 4 });
    // Dropping the test database at the end ends connections that pool.end() is still closing.
    otherPool.on('error', () => {});
    otherDb = createDb(otherPool);
  } else {
    // The embedded database serves one connection (docs/decisions/001-embedded-db-one-connection.md).
    otherDb = database.db;
  }
});
afterAll(async () => {
  await otherPool?.end();
  await database.close();
});

/** An app process on the shared database; `second` puts it on the other connection pool. */
function appProcess(env: Record<string, string>, second = false): Express {
  const config = loadConfig({
    NODE_ENV: 'test',
    BCRYPT_COST: '4',
    TRUST_PROXY: 'true',
    REGISTRATIONS_PER_IP_PER_HOUR: '10000',
    ...env,
  });
  return createApp({
    config,
    pool: second && otherPool ? otherPool : database.pool,
    db: second ? otherDb : database.db,
    sessionSecret: 'test-session-secret-test-session-secret',
  });
}

let addressCounter = 0;
/** A client address no other test uses. */
const newAddress = () => `198.51.100.${++addressCounter}`;

const login = (app: Express, ip: string, email: string, password: string) =>
  request(app).post('/api/login').set('X-Forwarded-For', ip).send({ email, password });
const register = (app: Express, ip: string, body: object = newUserInput()) =>
  request(app).post('/api/register').set('X-Forwarded-For', ip).send(body);

async function registeredUser(app: Express) {
  const input = newUserInput();
  await register(app, newAddress(), input).expect(201);
  return input;
}

/** A registered user with two-step sign-in on, set up through `app`. */
async function twoStepUser(app: Express) {
  const input = await registeredUser(app);
  const agent = request.agent(app);
  await agent.post('/api/login').set('X-Forwarded-For', newAddress()).send(input).expect(200);
  await turnOnTwoStep(agent);
  return input;
}

/** The right password from a new address: a browser waiting for the second step. */
async function passwordStep(app: Express, email: string, password: string) {
  const browser = request.agent(app);
  const res = await browser.post('/api/login').set('X-Forwarded-For', newAddress()).send({ email, password });
  expect(res.body).toEqual({ totpRequired: true });
  return browser;
}

describe('failed sign-ins per account', () => {
  it('when an account has too many failures, then 429 even for the right password, with the clear message and Retry-After', async () => {
    const app = appProcess({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_FAILURE_WINDOW_MINUTES: '15' });
    const user = await registeredUser(app);
    for (let i = 0; i < 3; i++) await login(app, newAddress(), user.email, 'wrong-one').expect(401);

    const res = await login(app, newAddress(), user.email, user.password).expect(429);
    expect(res.body).toEqual({
      success: false,
      message: AUTH_MESSAGES.tooManyLoginAttempts,
      error: AUTH_MESSAGES.tooManyLoginAttempts,
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Retry-After is the time left in the account's window, as the database counts it.
    const { rows } = await database.db.execute<{ secondsLeft: number }>(
      sql`SELECT ceil(extract(epoch FROM expires_at - now()))::int AS "secondsLeft" FROM rate_limit_windows
          WHERE scope = ${AUTH_THROTTLE_SCOPES.loginFailuresByAccount} AND key = ${user.email}`,
    );
    expect(Math.abs(rows[0]!.secondsLeft - retryAfter)).toBeLessThanOrEqual(2);
  });

  it('when the failures use the email in other letter cases, then they count for the one account', async () => {
    const app = appProcess({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' });
    const user = await registeredUser(app);
    const mixed = user.email.replace(/^a/, 'A').replace('@example', '@Example');
    await login(app, newAddress(), user.email.toUpperCase(), 'wrong-one').expect(401);
    await login(app, newAddress(), mixed, 'wrong-one').expect(401);
    await login(app, newAddress(), user.email, 'wrong-one').expect(401);
    await login(app, newAddress(), ` ${user.email.toUpperCase()} `, user.password).expect(429);
  });

  it('when a sign-in succeeds, then it does not count and the account’s failures are forgotten', async () => {
    const app = appProcess({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_IP: '2' });
    const user = await registeredUser(app);
    const ip = newAddress();
    await login(app, ip, user.email, 'wrong-one').expect(401);
    await login(app, newAddress(), user.email, 'wrong-one').expect(401);
    // Successes from one address never use up its budget of 2 failures.
    for (let i = 0; i < 4; i++) await login(app, ip, user.email, user.password).expect(200);
    await login(app, newAddress(), user.email, 'wrong-one').expect(401);
    await login(app, newAddress(), user.email, 'wrong-one').expect(401);
    await login(app, ip, user.email, 'wrong-one').expect(401);
  });

  it('when the window has passed, then the account may try again', async () => {
    const app = appProcess({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '2' });
    const user = await registeredUser(app);
    await login(app, newAddress(), user.email, 'wrong-one').expect(401);
    await login(app, newAddress(), user.email, 'wrong-one').expect(401);
    await login(app, newAddress(), user.email, user.password).expect(429);

    await database.db.execute(sql`
      UPDATE rate_limit_windows
      SET window_start = window_start - interval '1 day', expires_at = expires_at - interval '1 day'
      WHERE scope = ${AUTH_THROTTLE_SCOPES.loginFailuresByAccount} AND key = ${user.email}`);
    await login(app, newAddress(), user.email, user.password).expect(200);
  });
});

describe('failed sign-ins per client address', () => {
  it('when one address fails across many accounts, then it is throttled for every account, and other addresses are not', async () => {
    const app = appProcess({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '100', LOGIN_MAX_FAILURES_PER_IP: '4' });
    const user = await registeredUser(app);
    const attacker = newAddress();
    for (let i = 0; i < 4; i++) {
      await login(app, attacker, `guess${i}.${attacker}@example.com`, 'guess-guess').expect(401);
    }
    const res = await login(app, attacker, user.email, user.password).expect(429);
    expect(res.body.error).toBe(AUTH_MESSAGES.tooManyLoginAttempts);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);

    await login(app, newAddress(), user.email, user.password).expect(200);
  });

  it('when a throttled attempt is refused, then it does not use up more of the budget', async () => {
    const app = appProcess({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '2', LOGIN_MAX_FAILURES_PER_IP: '5' });
    const user = await registeredUser(app);
    const ip = newAddress();
    await login(app, ip, user.email, 'wrong-one').expect(401);
    await login(app, ip, user.email, 'wrong-one').expect(401);
    // The account is locked; these refusals are not failures of the address.
    for (let i = 0; i < 5; i++) await login(app, ip, user.email, 'wrong-one').expect(429);
    const { rows } = await database.db.execute<{ count: number }>(
      sql`SELECT count FROM rate_limit_windows WHERE scope = ${AUTH_THROTTLE_SCOPES.loginFailuresByIp} AND key = ${ip}`,
    );
    expect(rows).toEqual([{ count: 2 }]);
  });
});

describe('registrations per client address', () => {
  it('when one address registers too many accounts, then 429 with the clear message and Retry-After', async () => {
    const app = appProcess({ REGISTRATIONS_PER_IP_PER_HOUR: '2' });
    const ip = newAddress();
    await register(app, ip).expect(201);
    await register(app, ip).expect(201);
    const res = await register(app, ip).expect(429);
    expect(res.body).toEqual({
      success: false,
      message: AUTH_MESSAGES.tooManyRegistrations,
      error: AUTH_MESSAGES.tooManyRegistrations,
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    await register(app, newAddress()).expect(201);
  });

  it('when registrations are refused (bad input, email taken), then they count too', async () => {
    const app = appProcess({ REGISTRATIONS_PER_IP_PER_HOUR: '3' });
    const ip = newAddress();
    const taken = await registeredUser(app);
    await register(app, ip, { ...newUserInput(), email: 'not-an-email' }).expect(400);
    await register(app, ip, { ...newUserInput(), email: taken.email }).expect(409);
    await register(app, ip).expect(201);
    await register(app, ip).expect(429);
  });

  it('when one address registers an existing email 40 times, then 429 with Retry-After once past the limit', async () => {
    const app = appProcess({ REGISTRATIONS_PER_IP_PER_HOUR: '10' });
    const ip = newAddress();
    const taken = await registeredUser(app);
    const statuses: number[] = [];
    let refused: request.Response | undefined;
    for (let i = 0; i < 40; i++) {
      const res = await register(app, ip, { ...newUserInput(), email: taken.email });
      statuses.push(res.status);
      refused ??= res.status === 429 ? res : undefined;
    }
    expect(statuses).toEqual([...Array(10).fill(409), ...Array(30).fill(429)]);
    expect(refused?.body.error).toBe(AUTH_MESSAGES.tooManyRegistrations);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused?.headers['retry-after'])).toBeLessThanOrEqual(3600);
  });

  it('when the setup link is tried, then it counts as a registration', async () => {
    const app = appProcess({ REGISTRATIONS_PER_IP_PER_HOUR: '2' });
    const ip = newAddress();
    const setup = () =>
      request(app)
        .post(`/api/setup/${'x'.repeat(43)}`)
        .set('X-Forwarded-For', ip)
        .send(newUserInput());
    await setup().expect(404);
    await register(app, ip).expect(201);
    await setup().expect(429);
    await register(app, ip).expect(429);
  });
});

describe('wrong current passwords at a password change', () => {
  const changePassword = (agent: ReturnType<typeof request.agent>, ip: string, currentPassword: string) =>
    agent
      .post('/api/auth/change-password')
      .set('X-Forwarded-For', ip)
      .send({ currentPassword, newPassword: 'a brand new password' });

  async function signedIn(app: Express) {
    const user = await registeredUser(app);
    const agent = request.agent(app);
    await agent
      .post('/api/login')
      .set('X-Forwarded-For', newAddress())
      .send({ email: user.email, password: user.password })
      .expect(200);
    return { user, agent };
  }

  it('when a session holder guesses the current password 12 times, then 429 from the 6th on, with Retry-After', async () => {
    const app = appProcess({});
    const { user, agent } = await signedIn(app);
    const statuses: number[] = [];
    let refused: request.Response | undefined;
    for (let i = 0; i < 12; i++) {
      const res = await changePassword(agent, newAddress(), `guess number ${i}`);
      statuses.push(res.status);
      refused ??= res.status === 429 ? res : undefined;
    }
    expect(statuses).toEqual([...Array(5).fill(400), ...Array(7).fill(429)]);
    expect(refused?.body).toEqual({
      success: false,
      message: AUTH_MESSAGES.tooManyPasswordAttempts,
      error: AUTH_MESSAGES.tooManyPasswordAttempts,
    });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused?.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Even the right password waits, and so does signing in to the account.
    await changePassword(agent, newAddress(), user.password).expect(429);
    await login(app, newAddress(), user.email, user.password).expect(429);
  });

  it('when sign-in failures and wrong current passwords add up, then they share the account’s budget', async () => {
    const app = appProcess({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' });
    const { user, agent } = await signedIn(app);
    await login(app, newAddress(), user.email, 'wrong-one').expect(401);
    await login(app, newAddress(), user.email, 'wrong-one').expect(401);
    await changePassword(agent, newAddress(), 'wrong-one').expect(400);
    await changePassword(agent, newAddress(), 'wrong-one').expect(429);
  });

  it('when the change succeeds, then the account’s failures are forgotten', async () => {
    const app = appProcess({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' });
    const { user, agent } = await signedIn(app);
    await changePassword(agent, newAddress(), 'wrong-one').expect(400);
    await changePassword(agent, newAddress(), 'wrong-one').expect(400);
    await changePassword(agent, newAddress(), user.password).expect(200);
    for (let i = 0; i < 3; i++) await login(app, newAddress(), user.email, 'wrong-one').expect(401);
    await login(app, newAddress(), user.email, 'a brand new password').expect(429);
  });
});

describe('several app processes share one budget', () => {
  it('when failures for an account are spread over two app instances, then both refuse once the sum reaches the limit', async () => {
    const env = { LOGIN_MAX_FAILURES_PER_ACCOUNT: '4', LOGIN_MAX_FAILURES_PER_IP: '100' };
    const [first, second] = [appProcess(env), appProcess(env, true)];
    const user = await registeredUser(first);
    for (const app of [first, second, first, second]) {
      await login(app, newAddress(), user.email, 'wrong-one').expect(401);
    }
    await login(first, newAddress(), user.email, user.password).expect(429);
    await login(second, newAddress(), user.email, user.password).expect(429);
  });

  it('when one address fails on two app instances, then its budget is shared', async () => {
    const env = { LOGIN_MAX_FAILURES_PER_ACCOUNT: '100', LOGIN_MAX_FAILURES_PER_IP: '3' };
    const [first, second] = [appProcess(env), appProcess(env, true)];
    const ip = newAddress();
    await login(first, ip, `a.${ip}@example.com`, 'guess-guess').expect(401);
    await login(second, ip, `b.${ip}@example.com`, 'guess-guess').expect(401);
    await login(first, ip, `c.${ip}@example.com`, 'guess-guess').expect(401);
    await login(second, ip, `d.${ip}@example.com`, 'guess-guess').expect(429);
  });

  it('when one address registers on two app instances, then its registration budget is shared', async () => {
    const env = { REGISTRATIONS_PER_IP_PER_HOUR: '2' };
    const [first, second] = [appProcess(env), appProcess(env, true)];
    const ip = newAddress();
    await register(first, ip).expect(201);
    await register(second, ip).expect(201);
    await register(first, ip).expect(429);
    await register(second, ip).expect(429);
  });

  it('when many guesses for one account arrive at once on two instances, then exactly the limit get checked', async () => {
    const env = { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_IP: '1000' };
    const [first, second] = [appProcess(env), appProcess(env, true)];
    const user = await registeredUser(first);
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        login(i % 2 ? second : first, newAddress(), user.email, `wrong-${i}`),
      ),
    );
    const statuses = results.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(3).fill(401), ...Array(13).fill(429)]);
  });

  it('when wrong two-step codes for one account are spread over sign-ins on two instances, then both refuse once the sum reaches the limit', async () => {
    const env = { TOTP_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_IP: '1000' };
    const [first, second] = [appProcess(env), appProcess(env, true)];
    const { email, password } = await twoStepUser(first);
    for (const app of [first, second, first]) {
      const browser = await passwordStep(app, email, password);
      await browser.post('/api/login/totp').send({ code: '000000' }).expect(401);
    }
    for (const app of [second, first]) {
      const browser = await passwordStep(app, email, password);
      const refused = await browser.post('/api/login/totp').send({ code: '000000' }).expect(429);
      expect(refused.body.message).toBe(TOTP_MESSAGES.tooManyCodes);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('when many wrong two-step codes for one account arrive at once on two instances, then exactly the limit get checked', async () => {
    // Simultaneous right passwords are each counted until checked: room for all of them.
    const env = {
      TOTP_MAX_FAILURES_PER_ACCOUNT: '5',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '100',
      LOGIN_MAX_FAILURES_PER_IP: '1000',
    };
    const [first, second] = [appProcess(env), appProcess(env, true)];
    const { email, password } = await twoStepUser(first);
    const browsers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => passwordStep(i % 2 ? second : first, email, password)),
    );
    const results = await Promise.all(
      browsers.map((browser) => browser.post('/api/login/totp').send({ code: '000000' })),
    );
    const statuses = results.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
  });
});

describe('the counter table', () => {
  const rule = { scope: 'test-scope', limit: 2, windowMs: 60_000 };

  it('when windows have expired, then prune deletes them and keeps the current ones', async () => {
    const counter = new FixedWindowCounter(database.db, 0);
    await counter.take([{ rule, key: 'old' }]);
    await counter.take([{ rule, key: 'current' }]);
    await database.db.execute(sql`
      UPDATE rate_limit_windows
      SET window_start = window_start - interval '2 minutes', expires_at = expires_at - interval '2 minutes'
      WHERE scope = ${rule.scope} AND key = 'old'`);

    expect(await counter.prune()).toBeGreaterThanOrEqual(1);
    const { rows } = await database.db.execute<{ key: string }>(
      sql`SELECT key FROM rate_limit_windows WHERE scope = ${rule.scope} ORDER BY key`,
    );
    expect(rows).toEqual([{ key: 'current' }]);
  });

  it('when counting, then now and then it also prunes (here: every time)', async () => {
    const counter = new FixedWindowCounter(database.db, 1);
    await counter.take([{ rule, key: 'stale' }]);
    await database.db.execute(sql`
      UPDATE rate_limit_windows SET expires_at = now() - interval '1 second'
      WHERE scope = ${rule.scope} AND key = 'stale'`);
    await counter.take([{ rule, key: 'fresh' }]);
    const { rows } = await database.db.execute<{ key: string }>(
      sql`SELECT key FROM rate_limit_windows WHERE scope = ${rule.scope} AND key IN ('stale', 'fresh')`,
    );
    expect(rows).toEqual([{ key: 'fresh' }]);
  });

  it('when a key is longer than the column, then it is counted under its hash', async () => {
    const counter = new FixedWindowCounter(database.db, 0);
    const long = 'x'.repeat(5000);
    expect((await counter.take([{ rule, key: long }])).allowed).toBe(true);
    expect((await counter.take([{ rule, key: long }])).allowed).toBe(true);
    expect(await counter.take([{ rule, key: long }])).toEqual({
      allowed: false,
      retryAfterSeconds: expect.any(Number),
    });
    const { rows } = await database.db.execute<{ key: string; count: number }>(
      sql`SELECT key, count FROM rate_limit_windows WHERE scope = ${rule.scope} AND key LIKE 'sha256:%'`,
    );
    expect(rows).toEqual([{ key: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), count: 2 }]);
  });
});
