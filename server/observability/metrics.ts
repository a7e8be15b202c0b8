/**
 * The app's Prometheus metrics (prom-client), one registry per app. Labels hold route patterns,
 * methods, status codes, queue names and outcomes, all from small fixed sets: never an id, a URL, an
 * address or anything else about a person, and never an unbounded number of series.
 *
 * Counted as things happen: HTTP requests (request-log.ts) and job runs (job-log.ts). Read at scrape
 * time: the connection pool, and from the database the queues' backlog and the sessions
 * (database-gauges.ts, one read shared by the gauges of a scrape, bounded by a timeout, so a slow
 * or absent database makes `helpdesk_database_up` 0 instead of a scrape that hangs or fails).
 */
import cluster from 'node:cluster';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { metricsOfAllProcesses, shareWithPrimary } from './cluster-metrics';
import { databaseGaugeReader, type DatabaseGauges } from './database-gauges';
import { onJobRun } from './job-log';
import type { RequestObservation } from './request-log';
import { methodLabel } from './route-pattern';

/** How long a scrape waits for the database's figures before reporting it down. */
const DATABASE_GAUGES_TIMEOUT_MS = 3_000;
/** Scrapes this close together (several Prometheus servers) share one read. */
const DATABASE_GAUGES_REUSE_MS = 1_000;

/** From 5 ms (a cached poll) to 10 s (a slow export); the SPA's polls sit at the low end. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** From a quick periodic check to an SMTP hand-over or a mailbox fetch against a slow server. */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300];

export interface AppMetrics {
  registry: Registry;
  /** Counts one finished (or abandoned) request. */
  observeRequest(observation: RequestObservation): void;
  /** The scrape's text: this process's metrics, or with several processes those of all of them. */
  render(): Promise<string>;
  contentType: string;
}

export interface MetricsDeps {
  /** The pool requests use (the job runner's own pool, in PostgreSQL mode, is not counted). */
  pool: pg.Pool;
  db: Database;
}

/** The database's figures for one scrape, or undefined when they could not be read in time. */
function sharedDatabaseRead(db: Database): () => Promise<DatabaseGauges | undefined> {
  const read = databaseGaugeReader(db);
  let last: { at: number; result: Promise<DatabaseGauges | undefined> } | undefined;
  const readBounded = async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeUp = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), DATABASE_GAUGES_TIMEOUT_MS);
    });
    try {
      return await Promise.race([read().catch(() => undefined), timeUp]);
    } finally {
      clearTimeout(timer);
    }
  };
  return () => {
    const now = performance.now();
    if (!last || now - last.at > DATABASE_GAUGES_REUSE_MS) last = { at: now, result: readBounded() };
    return last.result;
  };
}

export function createMetrics(deps: MetricsDeps): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requestLabels = ['method', 'route', 'status'] as const;
  const httpRequests = new Counter({
    name: 'helpdesk_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status (aborted: the client went away)',
    labelNames: requestLabels,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'helpdesk_http_request_duration_seconds',
    help: 'Time from a request’s arrival to the end of its answer, by method, route pattern and status',
    labelNames: requestLabels,
    buckets: HTTP_BUCKETS,
    registers,
  });

  const { pool } = deps;
  new Gauge({
    name: 'helpdesk_db_pool_connections',
    help: 'Connections of the database pool, by state (in_use: lent to a request or job; idle)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
    },
  });
  new Gauge({
    name: 'helpdesk_db_pool_waiting',
    help: 'Requests and jobs waiting for a connection because every one is in use',
    registers,
    collect() {
      this.set(pool.waitingCount);
    },
  });
  new Gauge({
    name: 'helpdesk_db_pool_max',
    help: 'The pool’s size (DB_POOL_SIZE; 1 with the embedded database)',
    registers,
    collect() {
      this.set(pool.options.max);
    },
  });

  // Figures of the whole database: every process reads the same, so with several processes the
  // primary keeps the highest reading instead of adding them up.
  const database = sharedDatabaseRead(deps.db);
  new Gauge({
    name: 'helpdesk_database_up',
    help: '1 when the metrics’ database read succeeded within 3 s, 0 otherwise',
    aggregator: 'min',
    registers,
    async collect() {
      this.set((await database()) ? 1 : 0);
    },
  });
  const queueGauge = (
    name: string,
    help: string,
    value: (gauges: DatabaseGauges['queues'][number]) => number,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      aggregator: 'max',
      registers,
      async collect() {
        const gauges = await database();
        this.reset();
        for (const backlog of gauges?.queues ?? []) this.set({ queue: backlog.queue }, value(backlog));
      },
    });
  queueGauge(
    'helpdesk_queue_waiting',
    'Items waiting in a background queue, due now or scheduled for a retry',
    (backlog) => backlog.waiting,
  );
  queueGauge(
    'helpdesk_queue_active',
    'Items of a background queue being worked on',
    (backlog) => backlog.active,
  );
  queueGauge(
    'helpdesk_queue_oldest_due_seconds',
    'How long the longest-waiting due item of a queue has waited since it fell due (0: none is due)',
    (backlog) => backlog.oldestDueSeconds,
  );
  new Gauge({
    name: 'helpdesk_sessions_active',
    help: 'Unexpired sessions (signed-in browsers)',
    aggregator: 'max',
    registers,
    async collect() {
      const gauges = await database();
      this.reset();
      if (gauges) this.set(gauges.activeSessions);
    },
  });

  const jobRuns = new Counter({
    name: 'helpdesk_jobs_total',
    help: 'Background job runs, by queue and outcome (completed, retry, failed, skipped)',
    labelNames: ['queue', 'outcome'] as const,
    registers,
  });
  const jobDuration = new Histogram({
    name: 'helpdesk_job_duration_seconds',
    help: 'How long background job runs took, by queue',
    labelNames: ['queue'] as const,
    buckets: JOB_BUCKETS,
    registers,
  });
  onJobRun(({ queue, outcome, durationSeconds }) => {
    jobRuns.inc({ queue, outcome });
    if (outcome !== 'skipped') jobDuration.observe({ queue }, durationSeconds);
  });

  if (cluster.isWorker) shareWithPrimary(registry);

  return {
    registry,
    contentType: registry.contentType,
    observeRequest({ method, route, status, durationSeconds, aborted }) {
      const labels = { method: methodLabel(method), route, status: aborted ? 'aborted' : String(status) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, durationSeconds);
    },
    render: () => (cluster.isWorker ? metricsOfAllProcesses() : registry.metrics()),
  };
}
