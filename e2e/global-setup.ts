import { execSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * Builds the app as `npm start` would and serves it from the production bundle for the browser
 * suite: on a fresh database of the PostgreSQL server when TEST_DATABASE_URL (or DATABASE_URL) is
 * set, else on the embedded database in a temporary data folder.
 */
export default async function setup(project: TestProject) {
  execSync('npm run build', { stdio: 'inherit' });

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

  const port = 3400 + (process.pid % 500);
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
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  const server: ChildProcess = spawn(process.execPath, ['dist/server/index.js'], { env, stdio: 'pipe' });
  let output = '';
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  const baseURL = `http://127.0.0.1:${port}`;
  await waitUntilServing(baseURL, server, () => output);
  project.provide('baseURL', baseURL);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
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
  }
}
