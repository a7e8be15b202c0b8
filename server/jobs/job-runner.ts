/**
 * The app's one job runner: durable background work (sending replies, and the mailbox fetch and the
 * Harvest push as they move onto it), claimed by one process at a time, retried with backoff, kept
 * across restarts. It is pg-boss (docs/decisions/055-job-runner-pg-boss.md), run over the app's own
 * connection pool, so it works alike on PostgreSQL and on the embedded database, whose single
 * connection it shares.
 *
 * Features use it through `enqueue` (inside their own transaction: the job exists exactly when the
 * change that asks for it commits) and `work` (a handler per queue). What a job does twice must be
 * harmless or fenced by the feature's own state, since a job whose process died is run again.
 */
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import { createDb, type Database, type DbOrTx } from '../db/client';
import { claimLease } from './lease';
import { logger } from '../lib/logger';
import { reportJobRun, type JobOutcome } from '../observability/job-log';
import { QueueWorker, type BatchHandler } from './queue-worker';

/** How a queue retries: `retryLimit` more runs after the first, `retryDelaySeconds` doubling. */
export interface QueuePolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  /** A run still going after this long counts as dead (its process stopped) and is run again. */
  expireInSeconds: number;
}

export interface WorkOptions {
  /**
   * How often an idle worker fetches jobs (0.5 s at least). After a full batch it fetches again at
   * once, so a backlog drains at processing speed.
   */
  pollingIntervalSeconds: number;
  /** Jobs fetched at once. */
  batchSize: number;
  /** Jobs of a batch handled at the same time. */
  concurrency: number;
}

/** Which run of its job a handler is in. */
export interface JobRun {
  /** 1 for the first run, 2 for the first retry, … */
  attempt: number;
  /** No retry follows if this run throws: the handler records a final failure itself. */
  isLastAttempt: boolean;
}

export interface JobRunner {
  /** Declares a queue (once per process, before enqueue or work; idempotent, one process at a time). */
  /** Defines the queue once per runner: later calls share the first one (and its policy). */
  defineQueue(name: string, policy: QueuePolicy): Promise<void>;
  /** Adds a job in the caller's transaction (or on its own when given the database). */
  enqueue(db: DbOrTx, queue: string, data: object, options?: { startAfterSeconds?: number }): Promise<void>;
  /**
   * Runs `handler` for the queue's jobs in this process until stop. Each job succeeds or fails on
   * its own: one that throws is retried by the queue's policy, the others of its batch are not. A
   * failure no retry can fix is recorded by the handler in its feature's own state, and it returns.
   */
  work<T extends object>(
    queue: string,
    options: WorkOptions,
    handler: (data: T, run: JobRun) => Promise<void>,
  ): Promise<void>;
  /**
   * Runs `handler` about every `intervalSeconds`, in one process at a time however many run the app:
   * every process offers a run each interval, one job per interval slot is kept (pg-boss's singleton
   * slots) and at most one job waits (pg-boss's `short` queue policy), and a run goes ahead only while
   * it holds the task's lease, so a run longer than the interval is never joined by a second one,
   * its interval's offers do not pile up behind it (one run follows it), and a run whose process died
   * is followed within the lease's length.
   */
  every(
    queue: string,
    options: PeriodicOptions,
    handler: (run: PeriodicRun) => Promise<void>,
  ): Promise<PeriodicTask>;
  /** Stops fetching and offering, lets running handlers finish (up to `timeoutMs`), then returns. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface PeriodicOptions {
  intervalSeconds: number;
  /**
   * A run holds the task's lease (server/jobs/lease.ts) and renews it every third of this; a run whose
   * process died keeps the next one waiting at most this long. 30 s unless given.
   */
  leaseSeconds?: number;
}

/** What a periodic run can ask about itself. */
export interface PeriodicRun {
  /**
   * True once the lease could not be renewed (the database was unreachable long enough for it to run
   * out): another process may be running the task, so a long run stops at its next safe point.
   */
  readonly leaseLost: boolean;
}

export interface PeriodicTask {
  /** Offers a run now instead of at the next interval (e.g. once new credentials are saved). */
  runSoon(): Promise<void>;
}

/** pg-boss polls at most twice a second; a periodic task's worker polls at least every 2 s. */
const MIN_POLLING_SECONDS = 0.5;
const MAX_PERIODIC_POLLING_SECONDS = 2;
const DEFAULT_LEASE_SECONDS = 30;
const MIN_PERIODIC_EXPIRY_SECONDS = 60;
/** The advisory lock (hashed to its key) that queue definitions take one at a time. */
const QUEUE_DEFINITION_LOCK = 'job-runner:define-queue';

/**
 * One periodic run under the task's lease: skipped when another process holds it, renewed while the
 * handler works, released when it ends. Says whether it ran.
 */
async function runLeased(
  db: DbOrTx,
  queue: string,
  leaseSeconds: number,
  handler: (run: PeriodicRun) => Promise<void>,
): Promise<boolean> {
  const lease = await claimLease(db, `periodic:${queue}`, leaseSeconds);
  if (!lease) return false;
  const run = { leaseLost: false };
  const renewal = setInterval(
    () => {
      lease.renew().then(
        (held) => {
          run.leaseLost ||= !held;
        },
        (error: unknown) =>
          logger.warn(`Could not renew the lease of ${queue}`, {
            error: error instanceof Error ? error.message : String(error),
          }),
      );
    },
    (leaseSeconds * 1000) / 3,
  );
  renewal.unref();
  try {
    await handler(run);
    return true;
  } finally {
    clearInterval(renewal);
    await lease.release().catch(() => undefined);
  }
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));
const secondsSince = (started: number) => (performance.now() - started) / 1000;

/** A periodic task's batch (its one job): the run under the lease, reported like any job run. */
function periodicBatch(
  db: DbOrTx,
  queue: string,
  leaseSeconds: number,
  handler: (run: PeriodicRun) => Promise<void>,
): BatchHandler {
  return async (jobs) => {
    const report = { queue, jobId: jobs[0]?.id ?? 'none', attempt: 1, periodic: true };
    const started = performance.now();
    try {
      const ran = await runLeased(db, queue, leaseSeconds, handler);
      const outcome = ran ? 'completed' : 'skipped';
      reportJobRun({ ...report, outcome, durationSeconds: secondsSince(started) });
    } catch (error) {
      // A periodic queue never retries: the next interval's run is the retry.
      const failure = { error: errorMessage(error), durationSeconds: secondsSince(started) };
      reportJobRun({ ...report, outcome: 'failed', ...failure });
      throw error;
    }
    return new Map();
  };
}

/** pg-boss writes `$1`-style SQL; drizzle takes values as parameters of a template. */
function toDrizzleSql(text: string, values: readonly unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = parts.map((part, index) =>
    // An undefined value would vanish from a drizzle template; pg sends it as NULL.
    index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`,
  );
  return sql.join(chunks, sql.raw(''));
}

/** pg-boss's database interface over a drizzle database or transaction. */
const bossDb = (db: DbOrTx): PgBoss.Db => ({
  executeSql: async (text, values) => {
    const result = await db.execute(toDrizzleSql(text, values));
    return { rows: result.rows as unknown[] };
  },
});

/**
 * The job runner on the app's pool. pg-boss starts on first use (a process that never sends email
 * never starts it): it creates or migrates its own schema (`pgboss`, under an advisory lock, so
 * several processes may start together) and supervises expired jobs.
 */
export function createJobRunner(pool: pg.Pool): JobRunner {
  let started: Promise<PgBoss> | undefined;
  let stopped = false;
  const boss = () => {
    if (stopped) return Promise.reject(new Error('The job runner is stopped'));
    started ??= startBoss(pool).catch((error: unknown) => {
      started = undefined;
      throw error;
    });
    return started;
  };
  const defined = new Set<string>();
  // One definition per queue and runner, however many callers ask (a failed one is tried again).
  const definitions = new Map<string, Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  const workers = new Set<QueueWorker>();
  // The runner's own statements (leases, queue definitions), on the same pool.
  const runnerDb = createDb(pool);

  return {
    defineQueue(name, policy) {
      let definition = definitions.get(name);
      if (!definition) {
        // pg-boss's own schema exists once it has started.
        definition = boss().then(() => defineQueue(runnerDb, name, policy));
        definitions.set(name, definition);
        definition.then(
          () => defined.add(name),
          () => definitions.delete(name),
        );
      }
      return definition;
    },
    async enqueue(db, queue, data, options = {}) {
      if (!defined.has(queue)) throw new Error(`Queue ${queue} is not defined`);
      await (
        await boss()
      ).send(queue, data, {
        db: bossDb(db),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      });
    },
    async work(queue, options, handler) {
      workers.add(work(await boss(), queue, options, handler));
    },
    async every(queue, options, handler) {
      const running = await boss();
      const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
      await defineQueue(
        runnerDb,
        queue,
        {
          retryLimit: 0,
          retryDelaySeconds: 1,
          // Only tidies the job row of a run whose process died; the lease is what lets the next run go.
          expireInSeconds: Math.max(MIN_PERIODIC_EXPIRY_SECONDS, leaseSeconds * 2),
        },
        // One waiting run is all a periodic task needs: a later offer while it waits would only repeat it.
        'short',
      );
      const slotSeconds = Math.max(1, Math.round(options.intervalSeconds));
      // One job per interval slot however many processes offer it (send answers null for the others).
      const offer = () =>
        stopped ? Promise.resolve(null) : running.send(queue, {}, { singletonSeconds: slotSeconds });
      await offer();
      const pollingIntervalSeconds = Math.min(
        MAX_PERIODIC_POLLING_SECONDS,
        Math.max(MIN_POLLING_SECONDS, options.intervalSeconds),
      );
      const worker = new QueueWorker(
        running,
        queue,
        { pollingIntervalSeconds, batchSize: 1 },
        periodicBatch(runnerDb, queue, leaseSeconds, handler),
      );
      workers.add(worker);
      const timer = setInterval(() => {
        offer().catch((error: unknown) =>
          logger.error(`Could not offer a run of ${queue}`, {
            error: error instanceof Error ? error.message : String(error),
          }),
        );
      }, options.intervalSeconds * 1000);
      // The HTTP server keeps a serving process alive; a periodic task alone never should.
      timer.unref();
      timers.add(timer);
      return {
        async runSoon() {
          // Outside the slots: asked for now, it must not be dropped as a copy of this slot's offer.
          if (!stopped) await running.send(queue, {});
          worker.notify();
        },
      };
    },
    async stop(timeoutMs = 10_000) {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      const running = await started?.catch(() => undefined);
      if (!running) return;
      let timer: NodeJS.Timeout | undefined;
      const timeUp = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([Promise.all([...workers].map((worker) => worker.stop())), timeUp]);
      clearTimeout(timer);
      // The loops are ours; what is left of pg-boss is its supervisor of expired and retried jobs.
      await running.stop({ graceful: false, wait: true, close: false, timeout: timeoutMs });
    },
  };
}

async function startBoss(pool: pg.Pool): Promise<PgBoss> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    // Cron schedules are not used; leaving them off saves a polling loop.
    schedule: false,
  });
  boss.on('error', (error: Error) => logger.error('Job runner error', { error: error.message }));
  await boss.start();
  return boss;
}

/**
 * Creates the queue, or brings its policy up to date, one definition at a time across every process.
 * pg-boss's create_queue inserts the queue's row, then adds its table's foreign key to the queue list,
 * which waits for every other transaction that inserted a row there: two creations at once wait for
 * each other, and PostgreSQL ends one as a deadlock. Every process defines its queues side by side as
 * it starts, so a definition runs in a transaction of its own that first takes an advisory lock (it
 * ends with the transaction, or with the connection if the process dies); the queue's row is read and
 * written under it, so whoever comes second finds the queue there and only updates its policy.
 * `waiting` is pg-boss's queue policy: `short` keeps at most one job waiting (a send while one waits
 * is dropped; the job already waiting covers it).
 */
async function defineQueue(
  db: Database,
  name: string,
  policy: QueuePolicy,
  waiting: 'standard' | 'short' = 'standard',
): Promise<void> {
  const queue = {
    name,
    policy: waiting,
    retryLimit: policy.retryLimit,
    retryDelay: policy.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: policy.expireInSeconds,
  };
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${QUEUE_DEFINITION_LOCK}, 0))`);
    // pg-boss's queue commands on this transaction: never started, it only builds and sends them.
    const definer = new PgBoss({ db: bossDb(tx), schedule: false, supervise: false, migrate: false });
    if (await definer.getQueue(name)) await definer.updateQueue(name, queue);
    else await definer.createQueue(name, queue);
  });
}

function work<T extends object>(
  boss: PgBoss,
  queue: string,
  options: WorkOptions,
  handler: (data: T, run: JobRun) => Promise<void>,
): QueueWorker {
  return new QueueWorker(
    boss,
    queue,
    { pollingIntervalSeconds: options.pollingIntervalSeconds, batchSize: options.batchSize },
    async (jobs) => {
      // Each job succeeds or fails alone: one that throws is failed (pg-boss schedules its retry).
      const failures = new Map<string, string>();
      const waiting = [...jobs];
      const lane = async () => {
        for (let job = waiting.shift(); job; job = waiting.shift()) {
          const run = { attempt: job.retryCount + 1, isLastAttempt: job.retryCount >= job.retryLimit };
          const started = performance.now();
          let outcome: JobOutcome = 'completed';
          let failure: string | undefined;
          try {
            await handler(job.data as T, run);
          } catch (error) {
            failure = errorMessage(error);
            failures.set(job.id, failure);
            outcome = run.isLastAttempt ? 'failed' : 'retry';
          }
          const durationSeconds = secondsSince(started);
          reportJobRun({
            queue,
            jobId: job.id,
            attempt: run.attempt,
            outcome,
            durationSeconds,
            error: failure,
          });
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, lane));
      return failures;
    },
  );
}
