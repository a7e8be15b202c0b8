/**
 * Harvest outages end to end: Close & Track Time and new time entries through the HTTP API, the queue
 * in the database, the background sync job running on its own timer, and the fake Harvest behind a
 * TCP proxy. Harvest is down (connection refused), slow (past the client's timeout, while it still
 * carries out the request), rate-limiting (429 with Retry-After) and failing (500). Each time the
 * entries are kept locally, retried with backoff during the outage, and once Harvest is back each is
 * in Harvest exactly once: one successful POST per entry, one Harvest entry per reference.
 *
 * server/harvest/sync/sync-job.test.ts covers the job's rules one pass at a time (runOnce, entries made
 * due by hand, several workers); this file is the whole path under real faults with real waiting. The
 * app runs in-process (the job must be started and observed, and no process is killed here), on this
 * file's own database in either mode.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeHarvest, type FakeHarvest } from '../fake-harvest/server';
import {
  createHarvestTestApp,
  insertTicket,
  saveFakeCredentials,
  signIn,
  syncRows,
  type HarvestTestApp,
  type TestAgent,
} from '../support/harvest';
import { waitFor } from './fault-support';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

/** The client gives up after this; the slow Harvest answers after SLOW_MS (and still creates the entry). */
const TIMEOUT_MS = 400;
const SLOW_MS = 1_000;
const RETRY_AFTER_SECONDS = 3;
const ENTRIES_PER_OUTAGE = 3;

let fake: FakeHarvest;
let proxy: TcpProxy;
let t: HarvestTestApp;
let admin: TestAgent;
/** Every entry made so far, by the outage it was made in. */
const entriesByOutage = new Map<string, string[]>();

beforeAll(async () => {
  fake = await startFakeHarvest();
  proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(fake.url).port) });
  t = await createHarvestTestApp(`http://127.0.0.1:${proxy.port}/v2`, {
    env: {
      HARVEST_TIMEOUT_MS: String(TIMEOUT_MS),
      HARVEST_SYNC_INTERVAL_MS: '100',
      // Backoff 1 s, then 2 s, then 2 s… (the test app has no jitter).
      HARVEST_SYNC_BACKOFF_BASE_SECONDS: '1',
      HARVEST_SYNC_BACKOFF_MAX_SECONDS: '2',
    },
  });
  ({ agent: admin } = await signIn(t.app));
  await saveFakeCredentials(admin);
  // The pickers' lists are cached (60 s), as they are after anyone opened the Close Ticket card.
  await admin.get('/api/harvest/projects').expect(200);
  await t.job.start(t.jobs);
});

afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await fake?.stop();
});

/** Closes new tickets and adds a time entry through the API while Harvest is out; their entry ids. */
async function trackTimeDuringOutage(outage: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < ENTRIES_PER_OUTAGE; i++) {
    const ticket = await insertTicket(t.db);
    const started = performance.now();
    const res = await admin
      .post(`/api/tickets/${ticket.id}/close`)
      .send({
        time_spent: 0.25 * (i + 1),
        notes: `${outage} ${i}`,
        harvest_project_id: 3,
        harvest_task_id: 1,
      })
      .expect(200);
    // Closing does not wait out the outage: no retry inside the request (one client timeout at most,
    // and never Retry-After's 3 s; that the client gives up after one timeout is client.test.ts's).
    // The margin is the request's own time while two other test files share the two cores.
    expect(performance.now() - started).toBeLessThan(RETRY_AFTER_SECONDS * 1_000);
    expect(res.body).toMatchObject({
      harvestSync: 'pending',
      ticket: { status: 'closed' },
      timeEntry: { syncStatus: 'pending' },
    });
    ids.push(res.body.timeEntry.id as string);
  }
  const res = await admin
    .post('/api/time-entries')
    .send({ projectId: 3, taskId: 1, hours: 0.5, notes: `${outage}: printer setup`, spentDate: '2026-11-20' })
    .expect(201);
  expect(res.body).toMatchObject({ harvestSync: 'pending', timeEntry: { syncStatus: 'pending' } });
  ids.push(res.body.timeEntry.id as string);
  entriesByOutage.set(outage, ids);
  return ids;
}

async function rowsOf(ids: string[]) {
  return (await syncRows(t.db)).filter((row) => ids.includes(row.id));
}

/**
 * Waits until the job has tried every entry again during the outage (the request's own push was
 * attempt 1) and checks the wait it recorded: `expectedDelaySeconds` from that failure to the next try.
 */
async function expectRetriedWithBackoff(ids: string[], expectedDelaySeconds: number) {
  await waitFor(async () => (await rowsOf(ids)).every((row) => row.sync_attempts >= 2 && !row.claimed), {
    timeoutMs: 10_000,
    what: 'the job to retry every entry during the outage',
  });
  const rows = await rowsOf(ids);
  expect(rows.map((row) => row.sync_status)).toEqual(Array(ids.length).fill('pending'));
  for (const row of rows) expect(row.last_sync_error).toBeTruthy();
  const delays = await t.db.execute<{ attempts: number; delay: number }>(sql`
    SELECT sync_attempts AS attempts, extract(epoch FROM next_sync_at - updated_at)::float8 AS delay
    FROM time_entries WHERE id IN ${ids}`);
  for (const { attempts, delay } of delays.rows) {
    const backoff = Math.min(2, 2 ** (Number(attempts) - 1));
    expect(Number(delay)).toBeCloseTo(Math.max(backoff, expectedDelaySeconds), 1);
  }
}

/** After the outage: every entry of the file is in Harvest exactly once, and recorded as such. */
async function expectEachPushedExactlyOnce() {
  const all = [...entriesByOutage.values()].flat();
  await waitFor(async () => (await rowsOf(all)).every((row) => row.sync_status === 'synced'), {
    timeoutMs: 15_000,
    what: 'every entry to reach Harvest after the outage',
  });
  const rows = await rowsOf(all);
  const created = fake.controls
    .requests()
    .filter((r) => r.method === 'POST' && r.path === '/v2/time_entries' && r.status === 201);
  for (const row of rows) {
    const inHarvest = fake.state.timeEntries.filter((entry) => entry.external_reference?.id === row.id);
    const posts = created.filter(
      (r) => (r.body as { external_reference?: { id?: string } }).external_reference?.id === row.id,
    );
    expect({ entry: row.id, inHarvest: inHarvest.length, successfulPosts: posts.length }).toEqual({
      entry: row.id,
      inHarvest: 1,
      successfulPosts: 1,
    });
    expect(row.harvest_time_entry_id).toBe(String(inHarvest[0]!.id));
  }
  // Nothing else arrived either (the fake's seed entries carry no reference).
  expect(fake.state.timeEntries.filter((entry) => entry.external_reference).length).toBe(all.length);
  const tickets = await t.db.execute<{ status: string }>(sql`
    SELECT t.status FROM tickets t JOIN time_entries e ON e.ticket_id = t.id WHERE e.id IN ${all}`);
  expect(new Set(tickets.rows.map((row) => row.status))).toEqual(new Set(['closed_with_harvest']));
}

describe('Harvest outages, end to end through the API, the queue and the background job', () => {
  it('when Harvest refuses connections, then entries wait, are retried with backoff, and are pushed once when it is back', async () => {
    await proxy.down();
    const ids = await trackTimeDuringOutage('down');
    await expectRetriedWithBackoff(ids, 0);
    expect((await rowsOf(ids))[0]?.last_sync_error).toMatch(/could not connect|reach|connection/i);
    await proxy.up();
    await expectEachPushedExactlyOnce();
  });

  it('when Harvest is slower than the client timeout but still creates the entries, then the retry finds them instead of pushing twice', async () => {
    fake.controls.setLatency(SLOW_MS);
    const ids = await trackTimeDuringOutage('slow');
    await expectRetriedWithBackoff(ids, 0);
    expect((await rowsOf(ids))[0]?.last_sync_error).toMatch(/time/i);
    // The slow POSTs did create the entries (Harvest does not stop when its client gives up).
    await waitFor(
      () => ids.every((id) => fake.state.timeEntries.some((entry) => entry.external_reference?.id === id)),
      {
        timeoutMs: 5_000,
        what: 'the slow Harvest to create the entries',
      },
    );
    fake.controls.setLatency(0);
    await expectEachPushedExactlyOnce();
  });

  it('when Harvest rate-limits with Retry-After, then no retry comes sooner, and each entry is pushed once after', async () => {
    fake.controls.failWith(429, { path: '/v2/time_entries', retryAfterSeconds: RETRY_AFTER_SECONDS });
    const ids = await trackTimeDuringOutage('rate-limited');
    await expectRetriedWithBackoff(ids, RETRY_AFTER_SECONDS);
    fake.controls.clearFailures();
    await expectEachPushedExactlyOnce();
  });

  it('when Harvest answers 500, then entries wait, are retried with backoff, and are pushed once when it recovers', async () => {
    fake.controls.failWith(500, { path: '/v2/time_entries' });
    const ids = await trackTimeDuringOutage('erroring');
    await expectRetriedWithBackoff(ids, 0);
    expect((await rowsOf(ids))[0]?.last_sync_error).toMatch(/500/);
    fake.controls.clearFailures();
    await expectEachPushedExactlyOnce();
  });
});
