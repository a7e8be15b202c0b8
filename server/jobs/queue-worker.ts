/**
 * One queue's polling loop: fetch a batch, run it, record each job's outcome, wait, again.
 *
 * pg-boss 10 has a loop of its own (`boss.work`), but after a batch it marks the jobs completed or
 * failed without awaiting the promise, so a database that is unreachable at that moment rejects it
 * with nobody listening and Node ends the process (it did, in the database-restart fault test). Here
 * every database call is awaited and a failed one is logged: a job whose outcome could not be
 * recorded stays active until its expiry, and pg-boss's supervisor then retries it, which the
 * features' own state makes harmless (job-runner.ts).
 */
import type PgBoss from 'pg-boss';
import { logger } from '../lib/logger';

export interface QueueWorkerOptions {
  pollingIntervalSeconds: number;
  batchSize: number;
}

/** Handles one fetched batch; returns the ids that failed, with why. */
export type BatchHandler = (jobs: PgBoss.JobWithMetadata<unknown>[]) => Promise<Map<string, string>>;

/** How far a pause may stray from the polling interval, either way (a fifth). */
const POLL_JITTER = 0.2;

/**
 * How long to wait before the next fetch: the interval, give or take a fifth. With a fixed pause the
 * processes of one app poll in step, and the one whose poll falls just after each periodic slot opens
 * runs every periodic job while the others run none (seen in server/cluster.test.ts); the jitter lets
 * their phases drift, so the work spreads over the processes.
 */
export function pauseMs(pollingIntervalSeconds: number, random = Math.random()): number {
  return pollingIntervalSeconds * 1000 * (1 - POLL_JITTER + 2 * POLL_JITTER * random);
}

export class QueueWorker {
  private wake: (() => void) | undefined;
  private notified = false;
  private stopping = false;
  private readonly loop: Promise<void>;

  constructor(
    private readonly boss: PgBoss,
    private readonly queue: string,
    private readonly options: QueueWorkerOptions,
    private readonly handleBatch: BatchHandler,
  ) {
    this.loop = this.run();
  }

  /** Fetches again at once instead of after the interval. */
  notify(): void {
    this.notified = true;
    this.wake?.();
  }

  /** Stops fetching; resolves when the batch in hand (if any) is done and recorded. */
  stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    return this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      this.notified = false;
      const jobs = await this.fetch();
      if (jobs.length > 0) await this.runBatch(jobs);
      // A full batch means more may be waiting: fetch again at once.
      const more = jobs.length === this.options.batchSize;
      if (!this.stopping && !this.notified && !more) await this.pause();
    }
  }

  private async fetch(): Promise<PgBoss.JobWithMetadata<unknown>[]> {
    try {
      // pg-boss answers [] when the fetch query fails, so an outage reads as an empty queue.
      const jobs = await this.boss.fetch(this.queue, {
        batchSize: this.options.batchSize,
        includeMetadata: true,
      });
      return jobs ?? [];
    } catch (error) {
      this.logFailure('fetch jobs', error);
      return [];
    }
  }

  private async runBatch(jobs: PgBoss.JobWithMetadata<unknown>[]): Promise<void> {
    let failures: Map<string, string>;
    try {
      failures = await this.handleBatch(jobs);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      failures = new Map(jobs.map((job) => [job.id, message]));
    }
    const completed = jobs.map((job) => job.id).filter((id) => !failures.has(id));
    if (completed.length > 0) {
      await this.boss
        .complete(this.queue, completed)
        .catch((error: unknown) => this.logFailure('complete jobs', error));
    }
    for (const [id, message] of failures) {
      await this.boss
        .fail(this.queue, id, { message })
        .catch((error: unknown) => this.logFailure('fail a job', error));
    }
  }

  private pause(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, pauseMs(this.options.pollingIntervalSeconds));
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = undefined;
        done();
      };
    });
  }

  private logFailure(what: string, error: unknown): void {
    logger.error(`Job runner could not ${what} of ${this.queue}`, {
      queue: this.queue,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
