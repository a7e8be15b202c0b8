import { execSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import {
  FAKE_HARVEST_ACCOUNT_ID,
  FAKE_HARVEST_TOKEN,
  startFakeHarvest,
} from '../server/test/fake-harvest/server';
import { socketConnectionString } from '../server/db/private-socket';

/** The account the setup registers first, so it is the admin (the first account ever registered is). */
export interface E2eAdmin {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** The fake Harvest the app talks to: its base URL (controls at its origin + /__control) and its credentials. */
export interface E2eFakeHarvest {
  url: string;
  accountId: string;
  accessToken: string;
}

const ADMIN: E2eAdmin = {
  email: 'e2e.admin@example.com',
  password: 'e2e admin password',
  firstName: 'Ada',
  lastName: 'Admin',
};

/** One app of the browser suite: each e2e worker drives its own (see e2e/support/app.ts). */
export interface E2eApp {
  baseURL: string;
  fakeHarvest: E2eFakeHarvest;
  /** Bearer token of POST /api/inbound/email (INBOUND_EMAIL_TOKEN of this app). */
  inboundToken: string;
  /**
   * The app's own database, for the one thing no API does: moving a record back in time
   * (e2e/support/app-database.ts). On the embedded database, its socket in the app's data folder.
   */
  databaseUrl: string;
}

const READY = /Help desk ready at (http:\/\/127\.0\.0\.1:\d+)/;
const START_TIMEOUT_MS = 60_000;

/**
 * Builds the app as `npm start` would, then serves it from the production bundle once per e2e
 * worker, so test files run side by side without sharing a database, settings or a fake Harvest.
 * Each app runs on a fresh database of the PostgreSQL server when TEST_DATABASE_URL (or
 * DATABASE_URL) is set, else on the embedded database in a temporary data folder of its own.
 */
export default async function setup(project: TestProject) {
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build: test what
  // users get.
  execSync('npm run build', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });

  const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const admin = serverUrl ? new pg.Client({ connectionString: serverUrl }) : undefined;
  await admin?.connect();
  // One app per worker slot: VITEST_POOL_ID (1 … maxWorkers) picks one.
  const workers = project.config.maxWorkers;
  const started = await Promise.allSettled(
    Array.from({ length: workers }, (_, index) => startApp(index + 1, serverUrl, admin)),
  );
  const apps = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  // Where each worker process claims its app (e2e/support/app.ts), so no two ever share one.
  const claimsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-e2e-claims-'));
  const stopAll = async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await admin?.end();
    fs.rmSync(claimsDir, { recursive: true, force: true });
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'e2eApps',
    apps.map((app) => app.app),
  );
  project.provide('e2eAppClaims', claimsDir);
  project.provide('adminUser', ADMIN);
  return stopAll;
}

/** Starts one app with its own database, data folder and fake Harvest, and registers the admin. */
async function startApp(slot: number, serverUrl: string | undefined, admin: pg.Client | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `helpdesk-e2e-${slot}-`));
  const dbName = `helpdesk_e2e_${process.pid}_${slot}`;
  let databaseUrl: string | undefined;
  if (serverUrl && admin) {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }

  // The machine has no internet: the app's Harvest is the protocol-faithful fake, in this process.
  const fakeHarvest = await startFakeHarvest();

  // The mail pipeline's bearer token, so the browser suite can send mail through POST /api/inbound/email.
  const inboundToken = crypto.randomBytes(24).toString('hex');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    // A free port, read back from the line the app prints once it serves.
    PORT: '0',
    // One process per app: the workers' apps already share the machine's two cores with Chromium
    // (several processes behind one port are proven by the integration tests).
    APP_PROCESSES: '1',
    DATA_DIR: dataDir,
    SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
    // Sign-ins are what the browser suite does most: the cheapest hash cost, as the other test apps use.
    BCRYPT_COST: '4',
    REGISTRATIONS_PER_IP_PER_HOUR: '10000',
    LOGIN_MAX_FAILURES_PER_IP: '10000',
    HARVEST_BASE_URL: fakeHarvest.url,
    // Quick retries, so a test sees a failed push go through within seconds.
    HARVEST_SYNC_INTERVAL_MS: '500',
    HARVEST_SYNC_BACKOFF_BASE_SECONDS: '1',
    HARVEST_SYNC_BACKOFF_MAX_SECONDS: '2',
    INBOUND_EMAIL_TOKEN: inboundToken,
    // Replies go to the SMTP test server a test starts (e2e/conversation.e2e.ts): look for them often.
    EMAIL_SEND_POLL_SECONDS: '0.5',
    // The SMTP test server and Dovecot the browser tests start listen on loopback ports.
    MAIL_ALLOW_LOOPBACK_HOSTS: 'true',
    WEBHOOK_ALLOW_LOOPBACK_HOSTS: 'true',
    // A failed delivery is tried again after a second, not the default ten.
    WEBHOOK_RETRY_FIRST_DELAY_SECONDS: '1',
    // The bell's overdue loan notices (e2e/notifications.e2e.ts) come from a periodic job: run it often.
    LOAN_OVERDUE_CHECK_SECONDS: '2',
    SLA_ALERT_CHECK_SECONDS: '2',
  };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  const server: ChildProcess = spawn(process.execPath, ['dist/server/index.js'], { env, stdio: 'pipe' });
  let output = '';
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await fakeHarvest.stop();
    if (admin) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const baseURL = await waitUntilServing(server, () => output);
    await registerAdmin(baseURL);
    const app: E2eApp = {
      baseURL,
      fakeHarvest: {
        url: fakeHarvest.url,
        accountId: FAKE_HARVEST_ACCOUNT_ID,
        accessToken: FAKE_HARVEST_TOKEN,
      },
      inboundToken,
      databaseUrl: databaseUrl ?? socketConnectionString(dataDir),
    };
    return { app, stop };
  } catch (error) {
    server.kill('SIGKILL');
    await stop();
    throw error;
  }
}

/**
 * Registers the admin before any test file runs: test files share the database and each registers
 * users of its own, so none could rely on being first.
 */
async function registerAdmin(baseURL: string) {
  const response = await fetch(`${baseURL}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const body = (await response.json()) as { user?: { role?: string } };
  if (response.status !== 201 || body.user?.role !== 'admin') {
    throw new Error(`Registering the e2e admin failed (${response.status}): ${JSON.stringify(body)}`);
  }
}

/** Resolves with the app's address once it serves (it prints it when listening). */
async function waitUntilServing(server: ChildProcess, output: () => string): Promise<string> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The app exited during start:\n${output()}`);
    const ready = READY.exec(output());
    if (ready) return ready[1]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The app did not start within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One app per e2e worker, in the order of VITEST_POOL_ID. */
    e2eApps: E2eApp[];
    /** The folder in which a worker process claims its app (e2e/support/app.ts). */
    e2eAppClaims: string;
    adminUser: E2eAdmin;
  }
}
