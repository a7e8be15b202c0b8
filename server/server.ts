import cluster from 'node:cluster';
import type { Server, ServerResponse } from 'node:http';
import { createApp, recordHarvestSyncedTicket, type AppDeps } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { createHttpServer } from './http-server';
import { DataDirPermissionError } from './db/data-dir';
import { DataDirLockedError } from './db/data-dir-lock';
import { openDatabase } from './db/database';
import { createPool } from './db/pool';
import { announceSetupLink, prepareSetupToken } from './features/auth/setup.service';
import { inboundSettingsFrom } from './features/inbound/inbound.service';
import { startSlaAlerts } from './features/sla/sla-alerts.job';
import { startSlaRecompute } from './features/sla/sla-recompute.job';
import { startRuleRunner } from './rule-runner';
import { startWebhookSender } from './features/webhooks/webhook-sender.job';
import { webhookSenderDeps } from './features/webhooks/webhook-sender-deps';
import { startOverdueLoanRunner } from './overdue-loan-runner';
import { createMailboxFetchJob } from './features/inbound/fetch-mailbox.job';
import { startHarvestVerification } from './harvest/harvest-verification.job';
import { matchAfterVerification } from './features/harvest-users/harvest-users.service';
import { startTicketPurge } from './features/tickets/purge-deleted-tickets.job';
import { backfillSearchText } from './features/tickets/search-text-backfill';
import { startAccountEmailSender } from './core/accounts/account-email.job';
import { startCsatSurveySender } from './features/csat/csat-survey.job';
import { startPasswordResetRequests } from './features/auth/password-reset.job';
import { startPortalSignInRequests } from './features/portal/portal-sign-in.job';
import { startReplySender } from './features/replies/send-reply.job';
import { resolveEncryptionKey } from './lib/encryption-key';
import { createHarvestServices } from './harvest/sync/harvest-services';
import { createHarvestSyncJob } from './harvest/sync/sync-job';
import { createJobRunner } from './jobs/job-runner';
import { configureLogger, logger } from './lib/logger';
import { sessionCacheFor } from './middleware/session-cache';
import { readOrCreateSecret } from './lib/secrets';
import { configuredEncryptionKey, encryptionKeyCheck } from './ops/backup/encryption-key-check';
import { startScheduledBackups } from './ops/backup/scheduled-backup.job';
import { inAppSource } from './ops/data-source';
import { startBackupChannel } from './ops/embedded/backup-channel';
import { announceOperationsEndpoints } from './observability/endpoints';

/** Connections of the job runner's own pool in PostgreSQL mode (polling, maintenance). */
const JOB_RUNNER_CONNECTIONS = 2;

export interface StartOptions {
  /** Adjusts the configuration before anything starts (`npm run dev` points Harvest at the fake). */
  prepare?: (config: AppConfig) => Promise<AppConfig>;
  /** Runs after the server and the database are closed, before the process exits. */
  onStopped?: () => Promise<void>;
}

/**
 * The configuration, or the process ends with a readable list of what is wrong with it. The logger
 * follows LOG_LEVEL from here on.
 */
export function loadConfigOrExit(): AppConfig {
  try {
    const config = loadConfig();
    configureLogger({ level: config.logLevel });
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Reads the configuration, opens and migrates the database, and serves the app until a signal. */
const BACKGROUND_START_RETRY_MS = 5_000;

/**
 * Runs `start` until it succeeds or the process stops, logging each failure. Resolves once it has
 * started (never, if the process stops first).
 */
function startInBackground(
  what: string,
  start: () => Promise<void>,
  isStopping: () => boolean,
): Promise<void> {
  return new Promise((resolve) => {
    const attempt = () => {
      start().then(resolve, (error: unknown) => {
        logger.error(`Could not start ${what}; trying again in ${BACKGROUND_START_RETRY_MS / 1000} s`, {
          error: error instanceof Error ? error.message : String(error),
        });
        if (!isStopping()) setTimeout(attempt, BACKGROUND_START_RETRY_MS).unref();
      });
    };
    attempt();
  });
}

export async function startServer(
  spa: (config: AppConfig) => Promise<AppDeps['spa']>,
  options: StartOptions = {},
): Promise<void> {
  const startedAt = performance.now();
  let config = loadConfigOrExit();
  if (options.prepare) config = await options.prepare(config);

  let database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof DataDirPermissionError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const sessionSecret = config.sessionSecret ?? readOrCreateSecret(config.dataDir, 'session-secret');
  const harvest = createHarvestServices({
    db: database.db,
    config,
    encryptionKey: resolveEncryptionKey(config),
    recordSyncedTicket: recordHarvestSyncedTicket,
  });
  // On a PostgreSQL server the runner polls on connections of its own, so requests never wait behind
  // it for a pooled one (while the database is unreachable, each attempt holds one for the connect
  // timeout). The embedded database has one connection: the runner shares it.
  const jobsPool =
    database.mode === 'postgres' && config.databaseUrl
      ? createPool(config.databaseUrl, JOB_RUNNER_CONNECTIONS)
      : database.pool;
  const jobs = createJobRunner(jobsPool);
  const mailboxFetch = createMailboxFetchJob(
    {
      db: database.db,
      cipher: harvest.cipher,
      inbound: inboundSettingsFrom(config),
      maxMessageBytes: config.inbound.maxBytes,
      batchSize: config.email.fetch.batchSize,
      timeoutMs: config.email.fetch.timeoutMs,
      allowLoopbackHosts: config.email.allowLoopbackHosts,
    },
    config.email.fetch.intervalSeconds,
    config.email.fetch.leaseSeconds,
  );
  const sessionCache = sessionCacheFor(database);
  const app = createApp({
    config,
    pool: database.pool,
    db: database.db,
    sessionSecret,
    spa: await spa(config),
    harvest,
    jobs,
    onEmailSettingsSaved: () => mailboxFetch.runSoon(),
    sessionCache,
  });
  const syncJob = createHarvestSyncJob({
    db: database.db,
    harvest,
    intervalMs: config.harvest.sync.intervalMs,
    batchSize: config.harvest.sync.batchSize,
  });
  // Embedded mode: `npm run backup` and `npm run export` read the database through this process, which
  // holds it (server/ops/embedded/backup-channel.ts); open before the app says it is ready. Without the
  // channel they ask to stop the app.
  const { snapshot } = database;
  const backupChannel = snapshot
    ? await startBackupChannel({ dataDir: config.dataDir, snapshot }).catch((error: unknown) => {
        logger.error('Could not open the backup channel', {
          error: error instanceof Error ? error.message : String(error),
        });
        return undefined;
      })
    : undefined;
  const server: Server = createHttpServer(app, config.http).listen(config.port, config.host);
  // The answers under way, so that a stop can have each one close its keep-alive connection.
  const unanswered = new Set<ServerResponse>();
  let stopping = false;
  server.on('request', (_req, res: ServerResponse) => {
    if (stopping) res.setHeader('Connection', 'close');
    unanswered.add(res);
    res.once('close', () => unanswered.delete(res));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  }).catch((error: NodeJS.ErrnoException) => {
    console.error(
      error.code === 'EADDRINUSE'
        ? `Port ${config.port} is already in use. Set PORT to a free port.`
        : `Could not listen: ${error.message}`,
    );
    process.exit(1);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const worker = cluster.isWorker ? `, process ${cluster.worker?.id}, pid ${process.pid}` : '';
  logger.info(
    `Help desk ready at http://${shownHost}:${port} (${database.mode} database, ${Math.round(performance.now() - startedAt)} ms${worker})`,
  );
  // A worker's primary has said it already (cluster.ts).
  const setupToken = cluster.isWorker ? undefined : await prepareSetupToken(database.db, config);
  if (setupToken) announceSetupLink(config, port, setupToken);
  if (!cluster.isWorker) announceOperationsEndpoints(config, port);
  // The background work starts once the process serves. A database that fails at that moment must not
  // end a process that already serves requests (a worker replacing a dead one starts under load):
  // what could not start is logged and tried again.
  const whileServing = () => stopping;
  const jobsStarting: Promise<void>[] = [];
  const startJob = (what: string, start: () => Promise<void>) => {
    jobsStarting.push(startInBackground(what, start, whileServing));
  };
  if (config.harvest.sync.enabled) {
    startJob('the Harvest sync', () => syncJob.start(jobs));
    startJob('the Harvest credentials check', () =>
      startHarvestVerification(
        {
          db: database.db,
          harvest,
          jobs,
          matchAgents: (client, owner) => matchAfterVerification(database.db, client, owner),
        },
        config.harvest.verifyIntervalSeconds,
      ),
    );
  }
  // Replies queued by any process are sent by whichever processes send (jobs.stop() ends it).
  if (config.email.send.enabled) {
    startJob('the reply sender', () =>
      startReplySender({ db: database.db, jobs, config, cipher: harvest.cipher }),
    );
    // Invitations and password resets (issue 22).
    startJob('the account email sender', () =>
      startAccountEmailSender({ db: database.db, jobs, config, cipher: harvest.cipher }),
    );
    // "How did we do?" after each close, while ratings are on (issue 41).
    startJob('the rating sender', () =>
      startCsatSurveySender({ db: database.db, jobs, config, cipher: harvest.cipher }),
    );
    // Portal sign-in links, asked for at once and worked here (issue 41).
    startJob('the portal sign-in requests', () =>
      startPortalSignInRequests({ db: database.db, jobs, config, cipher: harvest.cipher }),
    );
    // "Forgot password?" requests, answered at once and worked here (issue 34).
    startInBackground(
      'the password reset requests',
      () => startPasswordResetRequests({ db: database.db, jobs, config, cipher: harvest.cipher }),
      whileServing,
    );
  }
  // Tickets stored before word search get their body text worked out (a no-op once none is pending).
  startInBackground(
    'the search text of older tickets',
    () => backfillSearchText(database.db, { shouldStop: whileServing }).then(() => undefined),
    whileServing,
  );
  // Loans past their expected return date reach their agents' bells, and their tickets a note (and by
  // the loans setting a reopen and the requester a reminder), one process at a time (issue 42).
  startJob('the overdue loans', () =>
    startOverdueLoanRunner({ db: database.db, jobs, config, cipher: harvest.cipher }),
  );
  // SLA warnings and breaches reach their agents' bells (one process at a time), and saved SLA
  // settings recompute every ticket's due times (issue 24).
  startJob('the SLA alerts', () => startSlaAlerts({ db: database.db, jobs }, config.slaAlertCheckSeconds));
  startJob('the SLA recompute', () => startSlaRecompute({ db: database.db, jobs }));
  // Rules (issue 40): the trigger pass after every change, the schedules every few minutes.
  startJob('the rules', () => startRuleRunner({ db: database.db, jobs, config, cipher: harvest.cipher }));
  // Webhooks (issue 43): recorded events POSTed, signed and in order, by one process at a time.
  if (config.webhooks.sendEnabled) {
    startJob('the webhook deliveries', () =>
      startWebhookSender(webhookSenderDeps({ db: database.db, jobs, config, cipher: harvest.cipher })).then(
        () => undefined,
      ),
    );
  }
  // The Trash is emptied of tickets past their retention days, by one process at a time (issue 26).
  startJob('the Trash purge', () => startTicketPurge({ db: database.db, jobs }));
  // The IMAP mailbox, when one is configured, is read by one fetching process at a time.
  if (config.email.fetch.enabled) startJob('the mailbox fetch', () => mailboxFetch.start(jobs));
  if (config.backup.intervalHours > 0) {
    const key = configuredEncryptionKey(config);
    startJob('the scheduled backups', () =>
      startScheduledBackups({
        jobs,
        source: inAppSource({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, snapshot }),
        dataDir: config.dataDir,
        schedule: config.backup,
        encryptionKeyCheck: key ? encryptionKeyCheck(key) : undefined,
      }),
    );
  }

  // Said once every job of this process is set up (retries included): the end of its start.
  void Promise.all(jobsStarting).then(() =>
    logger.info(`Background jobs started (${Math.round(performance.now() - startedAt)} ms)`),
  );

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: finishing open requests, then stopping`);
    server.close();
    server.closeIdleConnections();
    // Node keeps a busy keep-alive connection open for keepAliveTimeout after its answer, serving new
    // requests on it meanwhile, which delays the exit and risks the forced close below cutting one.
    for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close');
    const forceTimer = setTimeout(() => server.closeAllConnections(), 10_000);
    // The job finishes the push under way (bounded by the Harvest timeout) and gives back the rest.
    // Jobs under way finish (a reply being handed to SMTP); the rest stay queued for the next start.
    await Promise.all([new Promise((resolve) => server.once('close', resolve)), syncJob.stop(), jobs.stop()]);
    clearTimeout(forceTimer);
    await backupChannel?.stop();
    await sessionCache?.stop();
    if (jobsPool !== database.pool) await jobsPool.end();
    await database.close();
    await options.onStopped?.();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
