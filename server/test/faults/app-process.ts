/**
 * The app as a real child process for the fault tests: started from source with tsx through
 * serve-app.ts (server/server.ts's startServer, as production runs it), so a test can kill it with a
 * signal, see it crash, and start it again on the same database.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVE_APP = fileURLToPath(new URL('./serve-app.ts', import.meta.url));
const SERVE_CLUSTER = fileURLToPath(new URL('./serve-cluster.ts', import.meta.url));
const REPO_ROOT = path.resolve(path.dirname(SERVE_APP), '../../..');
const READY = /Help desk ready at http:\/\/[^:]+:(\d+)/;
/** A first start of the embedded database creates it, which takes a while on a busy machine. */
const START_TIMEOUT_MS = 60_000;

export interface AppExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** performance.now() when the process ended. */
  at: number;
}

export interface AppProcess {
  pid: number;
  port: number;
  /** Everything the app logged so far, one entry per line. */
  logs(): string[];
  /** Resolves with the first logged line matching `pattern` (already logged or still to come). */
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Undefined while the process runs. */
  exitStatus(): AppExit | undefined;
  exited: Promise<AppExit>;
  signal(signal: NodeJS.Signals): void;
  /** Ends the process (SIGKILL) if it still runs, and waits for it. */
  stop(): Promise<AppExit>;
}

export interface AppProcessOptions {
  /** PostgreSQL to use; unset: the embedded database in `dataDir`. */
  databaseUrl?: string;
  dataDir?: string;
  /** Added to or overriding the defaults below. */
  env?: Record<string, string>;
  /**
   * `single` (the default): startServer in this one process. `cluster`: the production entry, a
   * primary forking APP_PROCESSES workers (APP_PROCESSES defaults to 1 unless given in `env`).
   */
  entry?: 'single' | 'cluster';
}

export async function startAppProcess(options: AppProcessOptions): Promise<AppProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The test runner's own settings must not leak into the app.
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'NODE_ENV', 'DATA_DIR']) delete env[name];
  // In PostgreSQL mode too the app writes into DATA_DIR (the setup link's token): never the repo's ./data.
  const scratchDir = options.dataDir ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-app-'));
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
    BCRYPT_COST: '4',
    REGISTRATIONS_PER_IP_PER_HOUR: '10000',
    LOG_REQUESTS: 'false',
    APP_PROCESSES: '1',
    // The test SMTP and IMAP servers listen on loopback ports.
    MAIL_ALLOW_LOOPBACK_HOSTS: 'true',
    WEBHOOK_ALLOW_LOOPBACK_HOSTS: 'true',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    DATA_DIR: options.dataDir ?? scratchDir,
    ...options.env,
  });
  const entry = options.entry === 'cluster' ? SERVE_CLUSTER : SERVE_APP;
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const listeners = new Set<(line: string) => void>();
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (line.trim() === '') continue;
      lines.push(line);
      for (const listener of listeners) listener(line);
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exit: AppExit | undefined;
  const exited = new Promise<AppExit>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal, at: performance.now() };
      if (scratchDir) fs.rmSync(scratchDir, { recursive: true, force: true });
      resolve(exit);
    }),
  );

  function waitForLog(pattern: RegExp, timeoutMs = 10_000): Promise<string> {
    const seen = lines.find((line) => pattern.test(line));
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        listeners.delete(listener);
        reject(new Error(`the app logged no line matching ${pattern} in ${timeoutMs} ms`));
      }, timeoutMs);
      const listener = (line: string) => {
        if (!pattern.test(line)) return;
        clearTimeout(timer);
        listeners.delete(listener);
        resolve(line);
      };
      listeners.add(listener);
    });
  }

  const ready = await Promise.race([
    waitForLog(READY, START_TIMEOUT_MS),
    exited.then((status) => {
      throw new Error(
        `the app exited (${status.code ?? status.signal}) before listening:\n${lines.join('\n')}`,
      );
    }),
  ]).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  const port = Number(READY.exec(ready)?.[1]);
  if (!child.pid || !port) throw new Error(`unexpected start line: ${ready}`);

  return {
    pid: child.pid,
    port,
    logs: () => [...lines],
    waitForLog,
    exitStatus: () => exit,
    exited,
    signal(signal) {
      if (!exit) child.kill(signal);
    },
    async stop() {
      if (!exit) child.kill('SIGKILL');
      return exited;
    },
  };
}
