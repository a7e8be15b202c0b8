import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpenDatabase } from '../db/database';
import { createJobRunner, type JobRunner } from '../jobs/job-runner';
import { claimLease } from '../jobs/lease';
import { watchLogLines } from '../test/security/log-scanner';
import { openTestDatabase } from '../test/test-database';
import { onJobRun, type JobRunReport } from './job-log';

let database: OpenDatabase;
let runner: JobRunner;
const watch = watchLogLines();
const reports: JobRunReport[] = [];
const stopListening = onJobRun((report) => reports.push(report));

beforeAll(async () => {
  database = await openTestDatabase();
  runner = createJobRunner(database.pool);
});
afterAll(async () => {
  stopListening();
  watch.stop();
  await runner.stop();
  await database.close();
});

const FAST = { pollingIntervalSeconds: 0.5, batchSize: 5, concurrency: 2 };
const linesOf = (queue: string) => watch.lines().filter((line) => line.queue === queue);

describe('the lines of background jobs', () => {
  it('a job that fails is logged as retry (warn) while attempts remain, then failed (error), with its error', async () => {
    const queue = 'test.log-failing';
    await runner.defineQueue(queue, { retryLimit: 1, retryDelaySeconds: 1, expireInSeconds: 60 });
    await runner.work(queue, FAST, async () => {
      throw new Error('SMTP said 421, try later');
    });
    await runner.enqueue(database.db, queue, { messageId: 'not-in-the-line' });
    await vi.waitFor(() => expect(linesOf(queue)).toHaveLength(2), { timeout: 15_000, interval: 200 });
    const [first, last] = linesOf(queue);
    expect(first).toMatchObject({
      level: 'warn',
      msg: `Job ${queue} retry`,
      attempt: 1,
      outcome: 'retry',
      error: 'SMTP said 421, try later',
      durationMs: expect.any(Number),
    });
    expect(last).toMatchObject({ level: 'error', attempt: 2, outcome: 'failed', jobId: first!.jobId });
    expect(JSON.stringify(linesOf(queue))).not.toContain('not-in-the-line');
    expect(reports.filter((report) => report.queue === queue).map((report) => report.outcome)).toEqual([
      'retry',
      'failed',
    ]);
  });

  it('a periodic run is logged at debug level: completed when it ran, skipped while another process holds its lease', async () => {
    const queue = 'test.log-periodic';
    let runs = 0;
    const task = await runner.every(queue, { intervalSeconds: 60 }, async () => {
      runs += 1;
    });
    await vi.waitFor(() => expect(runs).toBe(1), { timeout: 10_000 });
    await vi.waitFor(() =>
      expect(linesOf(queue)).toContainEqual(
        expect.objectContaining({
          level: 'debug',
          outcome: 'completed',
          attempt: 1,
          msg: `Job ${queue} completed`,
        }),
      ),
    );
    const held = await claimLease(database.db, `periodic:${queue}`, 30);
    try {
      await task.runSoon();
      await vi.waitFor(
        () =>
          expect(linesOf(queue)).toContainEqual(
            expect.objectContaining({ level: 'debug', outcome: 'skipped' }),
          ),
        { timeout: 10_000 },
      );
      expect(runs).toBe(1);
    } finally {
      await held?.release();
    }
  });
});
