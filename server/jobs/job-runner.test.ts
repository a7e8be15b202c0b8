import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../db/database';
import { waitFor } from '../test/faults/fault-support';
import { openSecondPool, openTestDatabase } from '../test/test-database';
import { createJobRunner, type JobRun, type JobRunner } from './job-runner';
import { claimLease } from './lease';

let database: OpenDatabase;
let runner: JobRunner;

beforeAll(async () => {
  database = await openTestDatabase();
  runner = createJobRunner(database.pool);
});
afterAll(async () => {
  await runner.stop();
  await database.close();
});

const FAST = { pollingIntervalSeconds: 0.5, batchSize: 10, concurrency: 4 };
const until = (condition: () => boolean | Promise<boolean>, timeoutMs = 20_000) =>
  waitFor(condition, { timeoutMs, what: 'the jobs', intervalMs: 50 });

/** The queue's jobs as pg-boss holds them: what was enqueued, and where each one stands. */
const jobsOf = async (queue: string) => {
  const { rows } = await database.db.execute<{ data: Record<string, unknown>; state: string }>(
    sql`SELECT data, state FROM pgboss.job WHERE name = ${queue}`,
  );
  return rows;
};
/** Every job of the queue has reached a state pg-boss never runs again (completed or failed). */
const allSettled = async (queue: string, count: number) => {
  const jobs = await jobsOf(queue);
  return jobs.length === count && jobs.every((job) => job.state === 'completed' || job.state === 'failed');
};

describe('the job runner', () => {
  it('when a job is enqueued in a transaction that commits, then its handler runs once; in one that rolls back, never', async () => {
    await runner.defineQueue('test.commit', { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 });
    const seen: string[] = [];
    await runner.work<{ name: string }>('test.commit', FAST, async ({ name }) => {
      seen.push(name);
    });
    await database.db
      .transaction(async (tx) => {
        await runner.enqueue(tx, 'test.commit', { name: 'rolled back' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await database.db.transaction((tx) => runner.enqueue(tx, 'test.commit', { name: 'committed' }));
    // The rolled-back job never reached the queue, and the committed one is done: nothing is left to run.
    await until(() => allSettled('test.commit', 1));
    expect((await jobsOf('test.commit')).map((job) => job.data)).toEqual([{ name: 'committed' }]);
    expect(seen).toEqual(['committed']);
  });

  it('when a handler throws, then that job alone is run again with a growing attempt number until the retry limit', async () => {
    await runner.defineQueue('test.retry', { retryLimit: 2, retryDelaySeconds: 1, expireInSeconds: 60 });
    const runs: (JobRun & { kind: string })[] = [];
    await runner.work<{ kind: string }>('test.retry', FAST, async ({ kind }, run) => {
      runs.push({ kind, ...run });
      if (kind === 'failing') throw new Error('SMTP said 421, try later');
    });
    await database.db.transaction(async (tx) => {
      await runner.enqueue(tx, 'test.retry', { kind: 'failing' });
      await runner.enqueue(tx, 'test.retry', { kind: 'fine' });
    });
    // Both jobs done for good (the failing one failed, with no retry left): no fourth run can come.
    await until(() => allSettled('test.retry', 2));
    expect((await jobsOf('test.retry')).map((job) => job.state).sort()).toEqual(['completed', 'failed']);
    expect(runs.filter((run) => run.kind === 'failing')).toEqual([
      { kind: 'failing', attempt: 1, isLastAttempt: false },
      { kind: 'failing', attempt: 2, isLastAttempt: false },
      { kind: 'failing', attempt: 3, isLastAttempt: true },
    ]);
    expect(runs.filter((run) => run.kind === 'fine')).toHaveLength(1);
  });

  it('when two processes define their queues at once on a fresh database, then every definition succeeds', async () => {
    // Each process defines its queues side by side as it starts (server.ts), on a database where none
    // exists yet: pg-boss creates a table per queue, and two creations at once used to deadlock.
    const second = database.mode === 'postgres' ? await openSecondPool(database) : undefined;
    const other = createJobRunner(second?.pool ?? database.pool);
    const policy = { retryLimit: 1, retryDelaySeconds: 1, expireInSeconds: 60 };
    try {
      const failures: string[] = [];
      for (let round = 0; round < 3; round++) {
        const queues = Array.from({ length: 6 }, (_, index) => `test.define.${round}.${index}`);
        const definitions = [runner, other].flatMap((each) =>
          queues.map((queue) => each.defineQueue(queue, policy)),
        );
        for (const outcome of await Promise.allSettled(definitions))
          if (outcome.status === 'rejected') failures.push(`round ${round}: ${String(outcome.reason)}`);
      }
      expect(failures).toEqual([]);
    } finally {
      await other.stop();
      await second?.close();
    }
  });

  it('when several processes work one queue, then each job is handled exactly once', async () => {
    // A second runner on its own pool stands for a second app process (PostgreSQL mode), or shares
    // the single embedded connection.
    const second = database.mode === 'postgres' ? await openSecondPool(database) : undefined;
    const other = createJobRunner(second?.pool ?? database.pool);
    try {
      await runner.defineQueue('test.once', { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 });
      await other.defineQueue('test.once', { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 });
      const handled = new Map<number, number>();
      const handler = async ({ n }: { n: number }) => {
        handled.set(n, (handled.get(n) ?? 0) + 1);
      };
      await runner.work('test.once', FAST, handler);
      await other.work('test.once', FAST, handler);
      const JOBS = 40;
      await database.db.transaction(async (tx) => {
        for (let n = 0; n < JOBS; n++) await runner.enqueue(tx, 'test.once', { n });
      });
      // Every job completed: none can be fetched again, so every run there will be has been counted.
      await until(() => allSettled('test.once', JOBS));
      expect([...handled.values()].every((count) => count === 1)).toBe(true);
      expect(handled.size).toBe(JOBS);
    } finally {
      await other.stop();
      await second?.close();
    }
  });

  it('when two processes run a periodic task, then it runs about once per interval in all, never twice at once', async () => {
    const second = database.mode === 'postgres' ? await openSecondPool(database) : undefined;
    const other = createJobRunner(second?.pool ?? database.pool);
    try {
      let running = 0;
      let overlapped = false;
      let runs = 0;
      const pass = async () => {
        running += 1;
        overlapped ||= running > 1;
        runs += 1;
        // A run that takes time, so that a second one started meanwhile would overlap it.
        await new Promise((resolve) => setTimeout(resolve, 300));
        running -= 1;
      };
      const options = { intervalSeconds: 1 };
      await runner.every('test.periodic', options, pass);
      await other.every('test.periodic', options, pass);
      // A fixed wait: what is counted is runs per elapsed second.
      await new Promise((resolve) => setTimeout(resolve, 5_200));
      expect(overlapped).toBe(false);
      // Two processes offering every second for about 5 s: one run per offer slot, not two.
      expect(runs).toBeGreaterThanOrEqual(3);
      expect(runs).toBeLessThanOrEqual(7);
    } finally {
      await other.stop();
      await second?.close();
    }
  });

  it('when a run outlasts its interval, then no other process starts one until it ends', async () => {
    const second = database.mode === 'postgres' ? await openSecondPool(database) : undefined;
    const other = createJobRunner(second?.pool ?? database.pool);
    try {
      let running = 0;
      let overlapped = false;
      let runs = 0;
      const longPass = async () => {
        running += 1;
        overlapped ||= running > 1;
        runs += 1;
        // The run outlasts its interval: offers of both processes come meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        running -= 1;
      };
      await runner.every('test.long', { intervalSeconds: 1 }, longPass);
      await other.every('test.long', { intervalSeconds: 1 }, longPass);
      // The second run starts only once the first has ended: a start during it would have overlapped.
      await until(() => runs >= 2, 15_000);
      expect(overlapped).toBe(false);
      expect(runs).toBeGreaterThanOrEqual(2);
    } finally {
      await other.stop();
      await second?.close();
    }
  });

  it('when a run outlasts several intervals, then one run waits behind it, not one per interval', async () => {
    let runs = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const task = await runner.every('test.pile', { intervalSeconds: 1 }, async () => {
      runs += 1;
      if (runs === 1) await held;
    });
    await until(() => runs === 1);
    // Four intervals' offers and an ask to run soon come while the first run holds the only worker.
    await new Promise((resolve) => setTimeout(resolve, 4_200));
    await task.runSoon();
    const waiting = (await jobsOf('test.pile')).filter((job) => job.state === 'created');
    expect(waiting).toHaveLength(1);
    release();
    await until(() => runs === 2);
  });

  it('when the process running a task died, then the next run starts once its lease runs out', async () => {
    // A lease taken and never renewed nor released: what a killed process leaves behind.
    expect(await claimLease(database.db, 'periodic:test.orphaned', 2)).toBeDefined();
    const taken = Date.now();
    let firstRunAfterMs: number | undefined;
    await runner.every('test.orphaned', { intervalSeconds: 1, leaseSeconds: 2 }, async () => {
      firstRunAfterMs ??= Date.now() - taken;
    });
    await until(() => firstRunAfterMs !== undefined, 10_000);
    expect(firstRunAfterMs).toBeGreaterThanOrEqual(1_500);
  });

  it('when a periodic task is asked to run soon, then it runs without waiting for its interval', async () => {
    let runs = 0;
    const task = await runner.every('test.soon', { intervalSeconds: 30 }, async () => {
      runs += 1;
    });
    await until(() => runs === 1);
    const asked = Date.now();
    await task.runSoon();
    await until(() => runs === 2);
    expect(Date.now() - asked).toBeLessThan(5_000);
  });

  it('when the database is unreachable as a batch ends, then nothing is left unhandled and the runner goes on with later jobs', async () => {
    // pg-boss's own loop did not await marking a batch done: an outage at that moment ended the process.
    let down = false;
    let refused = 0;
    const flaky = {
      query: (text: string, values?: unknown[]) => {
        if (!down) return database.pool.query(text, values);
        refused += 1;
        return Promise.reject(new Error('connect ECONNREFUSED'));
      },
    } as unknown as pg.Pool;
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const other = createJobRunner(flaky);
    try {
      // Defined by the healthy runner: a definition takes a transaction, which the stand-in cannot hold.
      await runner.defineQueue('test.outage', { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 });
      const seen: string[] = [];
      await other.work<{ name: string }>('test.outage', FAST, async ({ name }) => {
        seen.push(name);
        if (name === 'during') down = true;
      });
      await runner.enqueue(database.db, 'test.outage', { name: 'during' });
      await until(() => seen.includes('during'));
      // Several statements fail while it is down: marking the batch done, then polls.
      await until(() => refused >= 3);
      down = false;
      await runner.enqueue(database.db, 'test.outage', { name: 'after' });
      await until(() => seen.includes('after'));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      down = false;
      await other.stop();
    }
  });

  it('keeps its own tables in the pgboss schema, apart from the app tables', async () => {
    const { rows } = await database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'pgboss'`,
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});
