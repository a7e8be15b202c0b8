import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { settings, timeEntries } from '@shared/schema';
import {
  FAKE_HARVEST_ACCOUNT_ID,
  FAKE_HARVEST_TOKEN,
  startFakeHarvest,
  type FakeHarvest,
} from '../../test/fake-harvest/server';
import {
  createHarvestTestApp,
  resetWithFakeCredentials,
  insertTicket,
  makePendingEntriesDue,
  signIn,
  syncRows,
  type HarvestTestApp,
  type TestAgent,
} from '../../test/support/harvest';
import { createHarvestSyncJob } from './sync-job';
import { claimDueEntries, markRetry } from './sync.repository';

let fake: FakeHarvest;
let t: HarvestTestApp;
let admin: TestAgent;
let userId: string;

beforeAll(async () => {
  fake = await startFakeHarvest();
  t = await createHarvestTestApp(fake.url, { env: { HARVEST_SYNC_BATCH_SIZE: '3' } });
  ({ agent: admin, id: userId } = await signIn(t.app));
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
beforeEach(() => resetWithFakeCredentials(t, fake, admin));

/**
 * Entries waiting for the job, as a request leaves them when its own push did not happen (written here
 * as the time feature writes them: infrastructure tests do not reach into a feature).
 */
async function queueEntries(count: number, ticketId: string | null = null): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const [row] = await t.db
      .insert(timeEntries)
      .values({
        ticketId,
        harvestProjectId: 3,
        harvestProjectName: 'Support',
        harvestTaskId: 1,
        harvestTaskName: 'Heat Tickets',
        hours: 0.25 * (i + 1),
        notes: `queued ${i}`,
        spentDate: '2026-11-19',
        userId,
        syncStatus: 'pending',
        nextSyncAt: sql`now()`,
      })
      .returning({ id: timeEntries.id });
    ids.push(row!.id);
  }
  return ids;
}

const successfulPosts = () =>
  fake.controls
    .requests()
    .filter((r) => r.method === 'POST' && r.path === '/v2/time_entries' && r.status === 201);

const harvestEntriesFor = (id: string) =>
  fake.state.timeEntries.filter((e) => e.external_reference?.id === id);

function harvestClient() {
  return t.harvest.createClient({ accountId: FAKE_HARVEST_ACCOUNT_ID, accessToken: FAKE_HARVEST_TOKEN });
}

describe('exactly once with several processes', () => {
  it('when two app processes run four jobs concurrently, many times, through failures, then each entry is pushed once', async () => {
    const second = await createHarvestTestApp(fake.url, {
      sharedWith: t,
      env: { HARVEST_SYNC_BATCH_SIZE: '3' },
    });
    try {
      const jobs = [
        t.job,
        second.job,
        createHarvestSyncJob({ db: t.db, harvest: t.harvest, intervalMs: 1_000, batchSize: 2 }),
        createHarvestSyncJob({ db: second.db, harvest: second.harvest, intervalMs: 1_000, batchSize: 4 }),
      ];
      const ids = await queueEntries(40);
      fake.controls.setLatency(5);
      // Some pushes fail and come back after their backoff, so the workers meet again and again.
      fake.controls.failWith(500, { times: 12, path: '/v2/time_entries' });

      for (let round = 0; round < 12; round++) {
        await Promise.all(jobs.flatMap((job) => [job.runOnce(), job.runOnce()]));
        await makePendingEntriesDue(t.db);
      }

      const rows = await syncRows(t.db);
      expect(rows.map((row) => row.sync_status)).toEqual(Array(40).fill('synced'));
      expect(successfulPosts()).toHaveLength(40);
      for (const id of ids) expect(harvestEntriesFor(id)).toHaveLength(1);
      const harvestIds = rows.map((row) => row.harvest_time_entry_id);
      expect(new Set(harvestIds).size).toBe(40);
      for (const row of rows)
        expect(row.harvest_time_entry_id).toBe(String(harvestEntriesFor(row.id)[0]?.id));
    } finally {
      await second.close();
    }
  });

  it('when two workers claim at the same moment, then their claims never overlap', async () => {
    await queueEntries(12);
    const second = await createHarvestTestApp(fake.url, { sharedWith: t });
    try {
      const claims = await Promise.all([
        claimDueEntries(t.db, 5, 60_000),
        claimDueEntries(second.db, 5, 60_000),
        claimDueEntries(t.db, 5, 60_000),
      ]);
      const claimed = claims.flat().map((entry) => entry.id);
      expect(claimed).toHaveLength(12);
      expect(new Set(claimed).size).toBe(12);
      expect(await claimDueEntries(second.db, 5, 60_000)).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe('recovery', () => {
  it('when a worker died after its POST reached Harvest, then the entry is found by its reference, not pushed again', async () => {
    const [id] = await queueEntries(1);
    const [claimed] = await claimDueEntries(t.db, 1, 60_000);
    const created = await harvestClient().createTimeEntry({
      project_id: 3,
      task_id: 1,
      spent_date: '2026-11-19',
      hours: 0.25,
      external_reference: { id: id! },
    });
    expect(claimed?.attempts).toBe(1);
    // The lease runs out: the worker is gone.
    await t.db.execute(sql`UPDATE time_entries SET sync_claimed_until = now() - interval '1 second'`);
    expect(await t.job.runOnce()).toMatchObject({ claimed: 1, synced: 1 });
    expect((await syncRows(t.db))[0]).toMatchObject({
      sync_status: 'synced',
      sync_attempts: 2,
      harvest_time_entry_id: String(created.id),
    });
    expect(harvestEntriesFor(id!)).toHaveLength(1);
    const lookups = fake.controls
      .requests()
      .filter((r) => r.method === 'GET' && r.path === '/v2/time_entries');
    expect(lookups.map((r) => new URLSearchParams(r.query).get('external_reference_id'))).toEqual([id]);
  });

  it('when a worker died before pushing, then the next one pushes the entry', async () => {
    const [id] = await queueEntries(1);
    await claimDueEntries(t.db, 1, 60_000);
    expect(await t.job.runOnce()).toMatchObject({ claimed: 0 });
    await t.db.execute(sql`UPDATE time_entries SET sync_claimed_until = now() - interval '1 second'`);
    expect(await t.job.runOnce()).toMatchObject({ synced: 1 });
    expect(harvestEntriesFor(id!)).toHaveLength(1);
  });

  it('when a worker whose lease ran out reports late, then its report changes nothing', async () => {
    await queueEntries(1);
    const [stale] = await claimDueEntries(t.db, 1, 60_000);
    await t.db.execute(sql`UPDATE time_entries SET sync_claimed_until = now() - interval '1 second'`);
    expect(await t.job.runOnce()).toMatchObject({ synced: 1 });
    await markRetry(t.db, stale!, 'late failure', 1_000);
    expect((await syncRows(t.db))[0]).toMatchObject({ sync_status: 'synced', last_sync_error: null });
  });

  it('when the app restarts, then entries left pending are pushed by the new process', async () => {
    const ticket = await insertTicket(t.db);
    fake.controls.failWith(500, { path: '/v2/time_entries' });
    await admin
      .post(`/api/tickets/${ticket.id}/close`)
      .send({ time_spent: 1, notes: 'done', harvest_project_id: 3, harvest_task_id: 1 })
      .expect(200, /"harvestSync":"pending"/);
    await queueEntries(2);
    fake.controls.reset();
    await makePendingEntriesDue(t.db);

    const restarted = await createHarvestTestApp(fake.url, { sharedWith: t });
    try {
      expect(await restarted.job.runOnce()).toMatchObject({ claimed: 3, synced: 3 });
      const ticketRow = await t.db.execute(sql`SELECT status FROM tickets WHERE id = ${ticket.id}`);
      expect(ticketRow.rows[0]).toEqual({ status: 'closed_with_harvest' });
    } finally {
      await restarted.close();
    }
  });
});

describe('what is sent', () => {
  it('when PUBLIC_URL is set, then the entry links back to its ticket and its notes name the ticket', async () => {
    const linked = await createHarvestTestApp(fake.url, {
      sharedWith: t,
      env: { PUBLIC_URL: 'https://helpdesk.example.com/' },
    });
    try {
      const ticket = await insertTicket(t.db);
      const [id] = await queueEntries(1, ticket.id);
      expect(await linked.job.runOnce()).toMatchObject({ synced: 1 });
      const [post] = fake.controls.requests().filter((r) => r.method === 'POST');
      expect(post?.body).toEqual({
        project_id: 3,
        task_id: 1,
        spent_date: '2026-11-19',
        hours: 0.25,
        notes: `${ticket.ticketNumber}: queued 0`,
        external_reference: {
          id,
          group_id: ticket.id,
          permalink: `https://helpdesk.example.com/tickets/${ticket.id}`,
        },
      });
    } finally {
      await linked.close();
    }
  });
});

describe('retries', () => {
  it('when Harvest keeps failing, then the delay doubles from 30 s up to the 15 min cap', async () => {
    await queueEntries(1);
    fake.controls.failWith(502, { path: '/v2/time_entries' });
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 7; attempt++) {
      await makePendingEntriesDue(t.db);
      expect(await t.job.runOnce()).toMatchObject({ claimed: 1, pending: 1 });
      delays.push(Math.round((await syncRows(t.db))[0]!.due_in_seconds ?? 0));
    }
    expect(delays).toEqual([30, 60, 120, 240, 480, 900, 900]);
    expect((await syncRows(t.db))[0]).toMatchObject({ sync_status: 'pending', sync_attempts: 7 });
  });

  it('when Harvest rate-limits without Retry-After, then the push waits at least Harvest’s 15 s window', async () => {
    const short = await createHarvestTestApp(fake.url, {
      sharedWith: t,
      env: { HARVEST_SYNC_BACKOFF_BASE_SECONDS: '1' },
    });
    try {
      await queueEntries(1);
      fake.controls.failWith(429, { times: 1, path: '/v2/time_entries' });
      expect(await short.job.runOnce()).toMatchObject({ pending: 1 });
      const [row] = await syncRows(t.db);
      expect(row!.due_in_seconds).toBeGreaterThan(14);
      expect(row!.due_in_seconds).toBeLessThanOrEqual(15);
      await makePendingEntriesDue(t.db);
      expect(await short.job.runOnce()).toMatchObject({ synced: 1 });
    } finally {
      await short.close();
    }
  });

  it('when Harvest rejects the token during a push, then the entry stays pending and says what to do', async () => {
    await queueEntries(1);
    fake.controls.failWith(401, { path: '/v2/time_entries' });
    expect(await t.job.runOnce()).toMatchObject({ pending: 1 });
    expect((await syncRows(t.db))[0]?.last_sync_error).toBe(
      'Harvest rejected the credentials: The access token provided is expired, revoked, malformed or invalid for other reasons. Save working credentials in Settings; the entry is retried meanwhile.',
    );
  });

  it('when Harvest is not configured, then the job claims nothing and attempts do not grow', async () => {
    await t.db.delete(settings);
    await queueEntries(2);
    expect(await t.job.runOnce()).toEqual({ claimed: 0, synced: 0, pending: 0, failed: 0 });
    expect((await syncRows(t.db)).map((row) => row.sync_attempts)).toEqual([0, 0]);
    expect(fake.controls.requests()).toHaveLength(0);
  });
});

describe('running in the background', () => {
  it('when started, then due entries are pushed within a few intervals; stop() ends it', async () => {
    const background = createHarvestSyncJob({ db: t.db, harvest: t.harvest, intervalMs: 50, batchSize: 5 });
    await background.start(t.jobs);
    try {
      await queueEntries(3);
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline && (await syncRows(t.db)).some((row) => row.sync_status !== 'synced')) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await syncRows(t.db)).map((row) => row.sync_status)).toEqual(['synced', 'synced', 'synced']);
    } finally {
      await background.stop();
    }
    await queueEntries(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await syncRows(t.db)).at(-1)?.sync_status).toBe('pending');
  });

  it('when stopped during a pass, then the push under way finishes and the other claims are given back', async () => {
    const job = createHarvestSyncJob({ db: t.db, harvest: t.harvest, intervalMs: 1_000, batchSize: 3 });
    await queueEntries(3);
    fake.controls.setLatency(300);
    const pass = job.runOnce();
    while (!fake.controls.requests().some((r) => r.method === 'POST')) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await job.stop();
    expect(await pass).toMatchObject({ claimed: 3, synced: 1 });
    const rows = await syncRows(t.db);
    expect(rows.filter((row) => row.sync_status === 'synced')).toHaveLength(1);
    const released = rows.filter((row) => row.sync_status === 'pending');
    expect(released.map((row) => [row.sync_attempts, row.claimed])).toEqual([
      [0, false],
      [0, false],
    ]);
  });
});
