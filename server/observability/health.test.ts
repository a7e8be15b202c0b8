import net from 'node:net';
import express from 'express';
import type pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../db/pool';
import { errorHandler } from '../middleware/error-handler';
import { createTestApp, type TestApp } from '../test/test-app';
import { watchLogLines } from '../test/security/log-scanner';
import { createReadinessCheck, healthRoutes, type ReadinessOptions } from './health';
import { newestShippedMigration } from './schema-version';

/** The probes alone, on `pool`, as createApp mounts them. */
function probesOn(pool: pg.Pool, options: ReadinessOptions = {}) {
  const app = express();
  app.use(healthRoutes({ readiness: createReadinessCheck(pool, options) }));
  app.use(errorHandler);
  return app;
}

/** A loopback port nobody listens on: connections are refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the probes of the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /healthz answers 200 {"status":"ok"}, not to be cached, without a session', async () => {
    const res = await request(t.app).get('/healthz').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('GET /readyz answers 200 {"status":"ok"} while the database answers and its schema is current', async () => {
    const res = await request(t.app).get('/readyz').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('HEAD works for both; other methods get the API’s 404 shape', async () => {
    await request(t.app).head('/healthz').expect(200);
    await request(t.app).head('/readyz').expect(200);
    const res = await request(t.app).post('/healthz').send({}).expect(404);
    expect(res.body).toMatchObject({ success: false, message: expect.stringContaining('GET and HEAD only') });
  });

  it('a session cookie changes nothing and no session is made or read', async () => {
    const before = await t.database.pool.query('SELECT count(*)::int AS n FROM sessions');
    const res = await request(t.app)
      .get('/readyz')
      .set('Cookie', 'helpdesk.sid=s%3Anot-a-session.sig')
      .expect(200);
    expect(res.body).toEqual({ status: 'ok' });
    const after = await t.database.pool.query('SELECT count(*)::int AS n FROM sessions');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('when the schema is behind this build, /readyz answers 503 {"status":"unavailable"} and says why in the log only', async () => {
    const { rows } = await t.database.pool.query<{ id: number; hash: string; created_at: string }>(
      'SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
    );
    const newest = rows[0]!;
    expect(Number(newest.created_at)).toBe(newestShippedMigration());
    await t.database.pool.query('DELETE FROM drizzle.__drizzle_migrations WHERE id = $1', [newest.id]);
    const watch = watchLogLines();
    try {
      const app = probesOn(t.database.pool);
      const res = await request(app).get('/readyz').expect(503);
      expect(res.body).toEqual({ status: 'unavailable' });
      expect(res.text).not.toMatch(/schema|migration/i);
      expect(watch.lines()).toContainEqual(
        expect.objectContaining({ level: 'warn', reason: 'schema behind this build' }),
      );
      // Liveness is another question: the process answers.
      await request(app).get('/healthz').expect(200);
    } finally {
      watch.stop();
      await t.database.pool.query(
        'INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES ($1, $2, $3)',
        [newest.id, newest.hash, newest.created_at],
      );
    }
    await request(probesOn(t.database.pool)).get('/readyz').expect(200);
  });

  it('a database ahead of this build (a newer build migrated it) counts as current', async () => {
    const app = probesOn(t.database.pool, { newestShipped: newestShippedMigration() - 1 });
    await request(app).get('/readyz').expect(200);
  });
});

describe('/readyz without a database', () => {
  it('when the database refuses connections, answers 503 at once, and logs the change once', async () => {
    const pool = createPool(`postgres://postgres@127.0.0.1:${await closedPort()}/helpdesk`, 1);
    pool.on('error', () => undefined);
    const watch = watchLogLines();
    try {
      const app = probesOn(pool);
      const started = performance.now();
      const res = await request(app).get('/readyz').expect(503);
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(res.body).toEqual({ status: 'unavailable' });
      expect(res.headers['cache-control']).toBe('no-store');
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await request(app).get('/readyz').expect(503);
      const warnings = watch.lines().filter((line) => line.msg === 'Not ready: database unreachable');
      expect(warnings).toHaveLength(1);
      await request(app).get('/healthz').expect(200);
    } finally {
      watch.stop();
      await pool.end();
    }
  });

  it('when the database accepts but never answers, answers 503 within the timeout', async () => {
    const silent = net.createServer(() => undefined);
    const sockets = new Set<net.Socket>();
    silent.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const pool = createPool(`postgres://postgres@127.0.0.1:${port}/helpdesk`, 1);
    pool.on('error', () => undefined);
    try {
      const started = performance.now();
      const res = await request(probesOn(pool, { timeoutMs: 300 }))
        .get('/readyz')
        .expect(503);
      expect(performance.now() - started).toBeLessThan(1_500);
      expect(res.body).toEqual({ status: 'unavailable' });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
      await pool.end();
    }
  });
});
