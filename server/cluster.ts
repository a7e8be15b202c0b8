/**
 * Several app processes on one machine. Node runs JavaScript on one core, so a single process leaves
 * the other cores idle while it parses JSON, checks sessions and renders answers (docs/performance.md
 * measured one process as the limit). In PostgreSQL mode the primary process forks one worker per
 * core (APP_PROCESSES); the workers share the listening port, and everything they share lives in
 * PostgreSQL (sessions, throttles, the Harvest queue with its leased claims), so any worker can
 * answer any request. The embedded database lives inside one process, so that mode always runs one.
 */
import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import type { AppDeps } from './app';
import type { AppConfig } from './config';
import { openDatabase } from './db/database';
import { announceSetupLink, prepareSetupToken } from './features/auth/setup.service';
import { resolveEncryptionKey } from './lib/encryption-key';
import { logger } from './lib/logger';
import { readOrCreateSecret } from './lib/secrets';
import { aggregateWorkerMetrics } from './observability/cluster-metrics';
import { announceOperationsEndpoints } from './observability/endpoints';
import { loadConfigOrExit, startServer } from './server';

/** How many processes serve requests under this configuration. */
export function processCount(config: Pick<AppConfig, 'appProcesses' | 'databaseUrl'>): number {
  if (!config.databaseUrl) return 1;
  return config.appProcesses === 'auto' ? os.availableParallelism() : config.appProcesses;
}

/** A worker that dies this many times within CRASH_WINDOW_MS stops the whole app: it would only loop. */
const MAX_CRASHES = 5;
const CRASH_WINDOW_MS = 60_000;
const RESPAWN_DELAY_MS = 1_000;

/**
 * The primary process: prepares what the workers would otherwise race for (migrations, the secrets
 * generated into DATA_DIR), forks `count` workers, replaces one that crashes, and on SIGTERM/SIGINT
 * passes the signal on and exits when every worker has drained its requests.
 */
export async function superviseWorkers(config: AppConfig, count: number): Promise<void> {
  // Migrates (under the advisory lock) and reads whether an administrator exists; closed right after.
  const database = await openDatabase(config);
  const setupToken = await prepareSetupToken(database.db, config);
  await database.close();
  resolveEncryptionKey(config);
  if (!config.sessionSecret) readOrCreateSecret(config.dataDir, 'session-secret');

  logger.info(`Starting ${count} app processes (APP_PROCESSES=${config.appProcesses})`);
  // A scrape reaches one worker, which asks this process for the sum of all of them.
  if (config.metrics.token) aggregateWorkerMetrics();
  let stopping = false;
  const crashes: number[] = [];
  const fork = () => cluster.fork();
  for (let index = 0; index < count; index++) fork();
  // Said once, when the app answers: the workers never print the setup link themselves.
  if (setupToken) {
    cluster.once('listening', (_worker, address) => announceSetupLink(config, address.port, setupToken));
  }
  cluster.once('listening', (_worker, address) => announceOperationsEndpoints(config, address.port));

  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    const now = Date.now();
    crashes.push(now);
    while (crashes.length > 0 && crashes[0]! < now - CRASH_WINDOW_MS) crashes.shift();
    if (crashes.length >= MAX_CRASHES) {
      logger.error(`App processes keep exiting (${crashes.length} in a minute): stopping`);
      stopAll('crash loop', 1);
      return;
    }
    logger.error(`App process ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
    setTimeout(() => {
      if (!stopping) fork();
    }, RESPAWN_DELAY_MS);
  });

  const stopAll = (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${reason}: the app processes finish their open requests, then stop`);
    process.exitCode = exitCode;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    if (workers.length === 0) process.exit();
    for (const worker of workers) worker.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => stopAll('SIGTERM received', 0));
  process.on('SIGINT', () => stopAll('SIGINT received', 0));
}

/**
 * Serves the app as the configuration says: this process alone, or (PostgreSQL mode, more than one
 * process) this process as the primary of that many workers, each of which runs this same entry.
 */
export async function runApp(spa: (config: AppConfig) => Promise<AppDeps['spa']>): Promise<void> {
  const config = loadConfigOrExit();
  const processes = processCount(config);
  if (cluster.isPrimary && processes > 1) await superviseWorkers(config, processes);
  else await startServer(spa);
}
