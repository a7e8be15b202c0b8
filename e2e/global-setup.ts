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

/**
 * Builds the app as `npm start` would and serves it from the production bundle for the browser
 * suite: on a fresh database of the PostgreSQL server when TEST_DATABASE_URL (or DATABASE_URL) is
 * set, else on the embedded database in a temporary data folder.
 */
export default async function setup(project: TestProject) {
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build: test what
  // users get.
  execSync('npm run build', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });

  const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-e2e-'));
  let databaseUrl: string | undefined;
  let admin: pg.Client | undefined;
  const dbName = `helpdesk_e2e_${process.pid}`;
  if (serverUrl) {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }

  // The machine has no internet: the app's Harvest is the protocol-faithful fake, in this process.
  const fakeHarvest = await startFakeHarvest();

  const port = 3400 + (process.pid % 500);
  // The mail pipeline's bearer token, so the browser suite can send mail through POST /api/inbound/email.
  const inboundToken = crypto.randomBytes(24).toString('hex');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
    BCRYPT_COST: '10',
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
    // The bell's overdue loan notices (e2e/notifications.e2e.ts) come from a periodic job: run it often.
    LOAN_OVERDUE_CHECK_SECONDS: '2',
    SLA_ALERT_CHECK_SECONDS: '2',
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  const server: ChildProcess = spawn(process.execPath, ['dist/server/index.js'], { env, stdio: 'pipe' });
  let output = '';
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(baseURL, server, () => output);
    await registerAdmin(baseURL);
  } catch (error) {
    server.kill('SIGKILL');
    await fakeHarvest.stop();
    throw error;
  }
  project.provide('baseURL', baseURL);
  project.provide('adminUser', ADMIN);
  project.provide('fakeHarvest', {
    url: fakeHarvest.url,
    accountId: FAKE_HARVEST_ACCOUNT_ID,
    accessToken: FAKE_HARVEST_TOKEN,
  });
  project.provide('inboundToken', inboundToken);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await fakeHarvest.stop();
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
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

async function waitUntilServing(baseURL: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The app exited during start:\n${output()}`);
    try {
      const res = await fetch(`${baseURL}/api/auth/user`);
      if (res.status === 401) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill('SIGKILL');
  throw new Error(`The app did not start within 60 s:\n${output()}`);
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminUser: E2eAdmin;
    fakeHarvest: E2eFakeHarvest;
    /** Bearer token of POST /api/inbound/email (INBOUND_EMAIL_TOKEN of the app under test). */
    inboundToken: string;
  }
}
