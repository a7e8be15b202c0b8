import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { timeEntries } from '@shared/schema';
import { createTestApp, signedInAgent, type TestApp } from '../test/test-app';
import { TEST_METRICS_TOKEN } from '../test/security/known-secrets';
import { watchLogLines } from '../test/security/log-scanner';
import { METRICS_AUTH_MESSAGE } from './metrics-routes';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a scrape in Prometheus's text format. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the sample `name` whose labels include `labels`, or undefined. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;
}

describe('GET /metrics while METRICS_TOKEN is unset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 like an unknown path, with or without a token, for any method', async () => {
    for (const res of [
      await request(t.app).get('/metrics'),
      await request(t.app).get('/metrics').set('Authorization', `Bearer ${TEST_METRICS_TOKEN}`),
      await request(t.app).post('/metrics').send({}),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(/^No route for/) });
      expect(res.text).not.toMatch(/METRICS_TOKEN|helpdesk_/);
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const scrape = () => request(t.app).get('/metrics').set('Authorization', `Bearer ${TEST_METRICS_TOKEN}`);
  /** A scrape's samples, at least `DATABASE_GAUGES_REUSE_MS` after the previous read of the database. */
  const freshSamples = async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const res = await scrape().expect(200);
    return parse(res.text);
  };

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TEST_METRICS_TOKEN });
  });
  afterAll(() => t.close());

  it.each([
    ['no Authorization header', undefined],
    ['a wrong token', `Bearer wrong-token-${TEST_METRICS_TOKEN}`],
    ['the token under another scheme', `Basic ${TEST_METRICS_TOKEN}`],
    ['an empty bearer token', 'Bearer '],
  ])('with %s answers 401 with a Bearer challenge and no figures', async (_case, authorization) => {
    const req = request(t.app).get('/metrics');
    if (authorization !== undefined) req.set('Authorization', authorization);
    const res = await req.expect(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(res.body).toMatchObject({ success: false, message: METRICS_AUTH_MESSAGE });
    expect(res.text).not.toContain('helpdesk_');
  });

  it('with the token answers the Prometheus text format, not to be cached, with process metrics', async () => {
    const res = await scrape().expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const samples = parse(res.text);
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ])
      expect(valueOf(samples, name), name).toBeGreaterThan(0);
    expect(valueOf(samples, 'helpdesk_database_up')).toBe(1);
    expect(valueOf(samples, 'helpdesk_db_pool_max')).toBe(t.database.pool.options.max);
    expect(valueOf(samples, 'helpdesk_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'helpdesk_db_pool_waiting')).toBe(0);
  });

  it('counts requests by route pattern, never by concrete id or query, with their latency', async () => {
    const { agent } = await signedInAgent(t.app);
    const id = crypto.randomUUID();
    await agent.get(`/api/tickets/${id}`).query({ search: 'secret-term' }).expect(404);
    await agent.get(`/api/tickets/${id}`).expect(404);
    await request(t.app).get(`/api/no-such-route/${id}`).expect(404);
    const res = await scrape().expect(200);
    expect(res.text).not.toContain(id);
    expect(res.text).not.toContain('secret-term');
    const samples = parse(res.text);
    const labels = { method: 'GET', route: '/api/tickets/:id', status: '404' };
    expect(valueOf(samples, 'helpdesk_http_requests_total', labels)).toBe(2);
    expect(valueOf(samples, 'helpdesk_http_request_duration_seconds_count', labels)).toBe(2);
    expect(valueOf(samples, 'helpdesk_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      2,
    );
    expect(valueOf(samples, 'helpdesk_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    const routes = new Set(
      samples.filter((s) => s.name === 'helpdesk_http_requests_total').map((s) => s.labels.route),
    );
    for (const route of routes) expect(route).toMatch(/^(\/[\w/:.{}*-]*|unmatched)$/);
  });

  it('counts the signed-in sessions, and names no one', async () => {
    const before = valueOf(await freshSamples(), 'helpdesk_sessions_active') ?? 0;
    const { user, input } = await signedInAgent(t.app);
    const samples = await freshSamples();
    expect(valueOf(samples, 'helpdesk_sessions_active')).toBe(before + 1);
    const text = (await scrape().expect(200)).text;
    for (const personal of [user.id, user.email, input.firstName, input.lastName])
      expect(text).not.toContain(personal);
  });

  it('shows a job queue’s depth and the wait of its oldest due job; a job run is counted and logged', async () => {
    const queue = 'test.metrics';
    await t.jobs.defineQueue(queue, { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 });
    await t.jobs.enqueue(t.database.db, queue, { messageId: crypto.randomUUID() });
    await t.jobs.enqueue(t.database.db, queue, { messageId: crypto.randomUUID() });
    let samples = await freshSamples();
    expect(valueOf(samples, 'helpdesk_queue_waiting', { queue })).toBe(2);
    expect(valueOf(samples, 'helpdesk_queue_active', { queue })).toBe(0);
    expect(valueOf(samples, 'helpdesk_queue_oldest_due_seconds', { queue })).toBeGreaterThanOrEqual(1);

    const watch = watchLogLines();
    try {
      await t.jobs.work(queue, { pollingIntervalSeconds: 0.5, batchSize: 5, concurrency: 1 }, async () => {});
      await vi.waitFor(
        () =>
          expect(
            watch.lines().filter((line) => line.queue === queue && line.outcome === 'completed'),
          ).toHaveLength(2),
        { timeout: 10_000 },
      );
      expect(watch.lines()).toContainEqual(
        expect.objectContaining({
          level: 'info',
          msg: `Job ${queue} completed`,
          queue,
          jobId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          attempt: 1,
          outcome: 'completed',
          durationMs: expect.any(Number),
        }),
      );
      // The job's data is never in its line.
      expect(JSON.stringify(watch.lines())).not.toContain('messageId');
    } finally {
      watch.stop();
    }
    samples = await freshSamples();
    expect(valueOf(samples, 'helpdesk_queue_waiting', { queue })).toBe(0);
    expect(valueOf(samples, 'helpdesk_queue_oldest_due_seconds', { queue })).toBe(0);
    expect(valueOf(samples, 'helpdesk_jobs_total', { queue, outcome: 'completed' })).toBe(2);
    expect(valueOf(samples, 'helpdesk_job_duration_seconds_count', { queue })).toBe(2);
  });

  it('shows the Harvest push backlog: entries waiting and how long the most overdue one has waited', async () => {
    const { user } = await signedInAgent(t.app);
    await t.database.db.insert(timeEntries).values({
      harvestProjectId: 3,
      harvestProjectName: 'Support',
      harvestTaskId: 1,
      harvestTaskName: 'Tickets',
      hours: 1.5,
      notes: 'Swapped the drum.',
      spentDate: '2026-03-04',
      userId: user.id,
      syncStatus: 'pending',
      nextSyncAt: sql`now() - interval '90 seconds'`,
    });
    const samples = await freshSamples();
    expect(valueOf(samples, 'helpdesk_queue_waiting', { queue: 'harvest.push' })).toBe(1);
    expect(
      valueOf(samples, 'helpdesk_queue_oldest_due_seconds', { queue: 'harvest.push' }),
    ).toBeGreaterThanOrEqual(90);
    expect(valueOf(samples, 'helpdesk_queue_waiting', { queue: 'harvest.delete' })).toBe(0);
  });

  it('when the database cannot be read, still answers, with helpdesk_database_up 0 and no stale figures', async () => {
    const broken = await createTestApp({ METRICS_TOKEN: TEST_METRICS_TOKEN });
    await broken.database.close();
    const res = await request(broken.app)
      .get('/metrics')
      .set('Authorization', `Bearer ${TEST_METRICS_TOKEN}`)
      .expect(200);
    const samples = parse(res.text);
    expect(valueOf(samples, 'helpdesk_database_up')).toBe(0);
    // An unlabelled gauge always has a value: read the database's gauges with helpdesk_database_up.
    expect(valueOf(samples, 'helpdesk_sessions_active')).toBe(0);
    expect(samples.filter((sample) => sample.name === 'helpdesk_queue_waiting')).toEqual([]);
    await broken.jobs.stop();
  });
});
