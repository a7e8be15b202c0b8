/**
 * The operations commands (npm run backup / restore / export, and npm run seed) as child processes
 * for the backup tests, run from source as `npm run` runs them, with an environment of the test's
 * choosing: the test runner's own database settings never leak into them.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const SCRIPTS = {
  seed: 'server/db/seed.ts',
  backup: 'server/ops/backup-cli.ts',
  restore: 'server/ops/restore-cli.ts',
  export: 'server/ops/export-cli.ts',
} as const;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** performance.now() when the process started and ended. */
  startedAt: number;
  endedAt: number;
}

/** Where the command reads and writes: PostgreSQL, or the embedded database in a data folder. */
export interface CliTarget {
  databaseUrl?: string;
  dataDir: string;
}

export function runCli(
  script: keyof typeof SCRIPTS,
  args: string[],
  target: CliTarget,
  env: Record<string, string> = {},
): Promise<CliRun> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'NODE_ENV', 'DATA_DIR', 'ENCRYPTION_KEY']) {
    delete childEnv[name];
  }
  Object.assign(childEnv, {
    // As an operator runs them by hand (production would also want SESSION_SECRET with DATABASE_URL).
    NODE_ENV: 'development',
    BCRYPT_COST: '4',
    DATA_DIR: target.dataDir,
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    ...env,
  });
  const startedAt = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPTS[script], ...args], {
    cwd: REPO_ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr, startedAt, endedAt: performance.now() }));
  });
}
