/**
 * Signed-in sessions kept in memory (docs/decisions/100-session-cache.md): answered without PostgreSQL while nothing changed,
 * and never after a change, whichever process or statement made it.
 */
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../db/database';
import { hasPostgresServer } from '../test/faults/app-storage';
import { createTestApp, openSecondApp, signedInAgent, type TestApp } from '../test/test-app';
import { LISTEN_LEASE_MS } from '../db/notification-listener';
import { createSessionCache, type SessionCache } from './session-cache';

let t: TestApp;
/** A second app process: its own pool and its own cache, on the same database. */
let second: Awaited<ReturnType<typeof openSecondApp>>;

/** The cache hears of a change when its transaction commits; a request right after may still race it. */
async function eventually(check: () => Promise<void>, timeoutMs = 2_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** Runs `statement` with the triggers switched off, as if nobody announced it: only the cache answers. */
async function unannounced(database: OpenDatabase, statement: string, values: unknown[]): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query(statement, values);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

describe.skipIf(!hasPostgresServer())('signed-in sessions kept in memory', () => {
  beforeAll(async () => {
    t = await createTestApp();
    second = await openSecondApp(t);
  });
  afterAll(async () => {
    await second?.stop();
    await t?.close();
  });

  /** A new user signed in; their cookie works on either app. */
  async function signIn() {
    const { input, user } = await signedInAgent(t.app);
    const login = await request(t.app)
      .post('/api/login')
      .send({ email: input.email, password: input.password })
      .expect(200);
    const cookie = login
      .get('Set-Cookie')!
      .map((header) => header.split(';')[0])
      .join('; ');
    return { user, cookie };
  }

  const whoami = (app: Express, cookie: string) => request(app).get('/api/auth/user').set('Cookie', cookie);

  /**
   * Whether `app` answers this session from memory: read it (so it is kept), rename the user with the
   * triggers off, and see whether the old name still comes back.
   */
  async function answeredFromMemory(app: Express, cookie: string, userId: string): Promise<boolean> {
    await whoami(app, cookie).expect(200);
    const before = (await whoami(app, cookie).expect(200)).body.firstName as string;
    const unseen = `Unseen${Date.now()}`;
    await unannounced(t.database, 'UPDATE users SET first_name = $2 WHERE id = $1', [userId, unseen]);
    const after = (await whoami(app, cookie).expect(200)).body.firstName as string;
    await t.database.pool.query('UPDATE users SET first_name = $2 WHERE id = $1', [userId, before]);
    return after === before;
  }

  it('answers a session from memory once read: a change nobody announced goes unseen', async () => {
    const { user, cookie } = await signIn();
    await eventually(async () => expect(await answeredFromMemory(t.app, cookie, user.id)).toBe(true));
  });

  it('when a user is deactivated by a statement of its own, their next request is refused', async () => {
    const { user, cookie } = await signIn();
    await whoami(t.app, cookie).expect(200);
    await whoami(second.app, cookie).expect(200);
    await t.database.pool.query('UPDATE users SET active = false WHERE id = $1', [user.id]);
    await eventually(async () => {
      await whoami(t.app, cookie).expect(401);
      await whoami(second.app, cookie).expect(401);
    });
  });

  it('when the session row is deleted, the cookie no longer signs in', async () => {
    const { user, cookie } = await signIn();
    await whoami(t.app, cookie).expect(200);
    await t.database.pool.query(`DELETE FROM sessions WHERE sess->>'userId' = $1`, [user.id]);
    await eventually(() =>
      whoami(t.app, cookie)
        .expect(401)
        .then(() => undefined),
    );
  });

  it('when a user signs out through one process, the other refuses the cookie', async () => {
    const { cookie } = await signIn();
    await whoami(second.app, cookie).expect(200);
    expect(second.cache.size).toBeGreaterThan(0);
    await request(t.app).post('/api/logout').set('Cookie', cookie).type('form').send('').expect(303);
    // Answered once every process has forgotten the session: no waiting for the announcement.
    await whoami(t.app, cookie).expect(401);
    await whoami(second.app, cookie).expect(401);
  });

  it('when every process confirms it forgot, a change is settled long before the lease runs out', async () => {
    // A third listener, beside both apps' own.
    const third = createSessionCache({ pool: t.database.pool });
    try {
      await eventually(async () => expect(third.listening && second.cache.listening).toBe(true), 10_000);
      const started = performance.now();
      await second.cache.settle();
      expect(performance.now() - started).toBeLessThan(LISTEN_LEASE_MS);
    } finally {
      await third.stop();
    }
  });

  it('when a name changes, both processes show the new name', async () => {
    const { user, cookie } = await signIn();
    await whoami(t.app, cookie).expect(200);
    await whoami(second.app, cookie).expect(200);
    await t.database.pool.query(`UPDATE users SET first_name = 'Renamed' WHERE id = $1`, [user.id]);
    await eventually(async () => {
      expect((await whoami(t.app, cookie).expect(200)).body.firstName).toBe('Renamed');
      expect((await whoami(second.app, cookie).expect(200)).body.firstName).toBe('Renamed');
    });
  });

  it('while its listening connection is lost nothing is answered from memory, and then it listens again', async () => {
    const { user, cookie } = await signIn();
    await eventually(async () => expect(await answeredFromMemory(second.app, cookie, user.id)).toBe(true));
    await second.database.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name LIKE 'auth\\_changes\\_%'`,
    );
    // Both apps' listeners were cut: what they kept is forgotten, so a change nobody announced shows.
    await eventually(async () => expect(second.cache.size).toBe(0));
    await unannounced(t.database, `UPDATE users SET first_name = 'Seen' WHERE id = $1`, [user.id]);
    expect((await whoami(second.app, cookie).expect(200)).body.firstName).toBe('Seen');
    await eventually(
      async () => expect(await answeredFromMemory(second.app, cookie, user.id)).toBe(true),
      10_000,
    );
  });
});

describe.skipIf(!hasPostgresServer())('the cache itself', () => {
  let own: TestApp;
  let cache: SessionCache<{ id: string }>;
  const session = (expiresAt = Date.now() + 60_000) => ({ sessJson: '{}', user: undefined, expiresAt });

  beforeAll(async () => {
    own = await createTestApp();
    cache = createSessionCache({ pool: own.database.pool, maxEntries: 2, maxAgeMs: 60_000 });
    await eventually(async () => expect(cache.listening).toBe(true), 10_000);
  });
  afterAll(async () => {
    await cache?.stop();
    await own?.close();
  });

  it('does not keep a read that started before a change was announced', async () => {
    const { user } = await signedInAgent(own.app);
    const startedAt = cache.readStarted();
    // A canary of the changed user shows when the announcement has arrived.
    cache.keep('canary', startedAt, session(), user.id);
    expect(cache.get('canary')).toBeDefined();
    await own.database.pool.query(`UPDATE users SET last_name = 'Changed' WHERE id = $1`, [user.id]);
    await eventually(async () => expect(cache.get('canary')).toBeUndefined());
    // Another user's session, read before the change: what it found may be older than the change.
    cache.keep('raced', startedAt, session(), 'someone-else');
    expect(cache.get('raced')).toBeUndefined();
    cache.keep('raced', cache.readStarted(), session(), 'someone-else');
    expect(cache.get('raced')).toBeDefined();
  });

  it('counts the transactions of its pool that change a session or a user, once each', async () => {
    const { user } = await signedInAgent(own.app);
    const before = cache.changesMadeHere();
    await own.database.pool.query('SELECT count(*) FROM users');
    expect(cache.changesMadeHere()).toBe(before);
    const client = await own.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`UPDATE users SET last_name = 'Once' WHERE id = $1`, [user.id]);
      await client.query(`UPDATE users SET last_name = 'Twice' WHERE id = $1`, [user.id]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(cache.changesMadeHere()).toBe(before + 1);
  });

  it('answers no expired or too old session, and lets the least recently used go first', () => {
    cache.keep('expired', cache.readStarted(), session(Date.now() - 1), undefined);
    expect(cache.get('expired')).toBeUndefined();
    cache.keep('old', cache.readStarted(), session(), undefined);
    expect(cache.get('old', Date.now() + 60_001)).toBeUndefined();

    cache.keep('a', cache.readStarted(), session(), undefined);
    cache.keep('b', cache.readStarted(), session(), undefined);
    expect(cache.get('a')).toBeDefined();
    cache.keep('c', cache.readStarted(), session(), undefined);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });
});
