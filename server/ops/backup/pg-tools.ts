/**
 * pg_dump and pg_restore, when installed (Debian: postgresql-client). With DATABASE_URL a backup is
 * pg_dump's custom format, which PostgreSQL's own tools read and restore (also selectively, in
 * parallel, into another major version). pg_dump must be of the server's major version or newer, or
 * it refuses; then, or when it is missing, the backup falls back to the app's own format.
 *
 * The password never goes on the command line (other users of the machine can read it there): it is
 * handed to the tool in PGPASSWORD, and the connection string without it.
 */
import { spawn } from 'node:child_process';
import type pg from 'pg';
import type { Progress } from '../progress';

export interface PgTool {
  command: string;
  major: number;
  version: string;
}

/** The tool's version, or undefined when it is not installed (or does not run). */
export async function findPgTool(command: string): Promise<PgTool | undefined> {
  try {
    const { code, stdout } = await run(command, ['--version'], {});
    const match = /\(PostgreSQL\)\s+(\d+)(\.\d+)?/.exec(stdout);
    if (code !== 0 || !match) return undefined;
    return { command, major: Number(match[1]), version: `${match[1]}${match[2] ?? ''}` };
  } catch {
    return undefined;
  }
}

export async function serverMajorVersion(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num');
  return Math.floor(Number(rows[0]!.server_version_num) / 10_000);
}

/** The connection string without its password, and the password apart. */
export function splitPassword(databaseUrl: string): { url: string; password: string | undefined } {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = '';
  return { url: url.toString(), password };
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(
  command: string,
  args: string[],
  options: { password?: string; onStderrLine?: (line: string) => void },
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      // The tool inherits this process's environment (PATH, locale, PG* settings) plus the password.
      // eslint-disable-next-line no-restricted-syntax -- handing the environment on, not reading configuration
      env: options.password === undefined ? process.env : { ...process.env, PGPASSWORD: options.password },
    });
    let stdout = '';
    let stderr = '';
    let partial = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      stderr += text;
      if (!options.onStderrLine) return;
      const parts = (partial + text).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) options.onStderrLine(line);
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The lines of a verbose run worth showing as progress; the rest is kept for an error message. */
function progressFilter(progress: Progress, pattern: RegExp) {
  return (line: string) => {
    const match = pattern.exec(line);
    if (match) progress.note(`  ${match[1]}`);
  };
}

function failure(tool: string, result: RunResult): Error {
  const lines = result.stderr
    .split('\n')
    .filter(
      (line) =>
        line.trim() !== '' &&
        !/: (dumping|processing|creating|reading|saving|last built-in|executing|launching|finished|setting|identifying|implied)/.test(
          line,
        ),
    );
  return new Error(`${tool} failed (exit code ${result.code}):\n${lines.slice(-15).join('\n')}`);
}

/**
 * pg_dump's custom format into `file` (which the caller created with the right mode: pg_dump keeps it).
 * Its one transaction is a consistent snapshot, as with the app's own dump.
 */
export async function runPgDump(
  tool: PgTool,
  databaseUrl: string,
  file: string,
  options: { withSessions: boolean; progress: Progress },
): Promise<void> {
  const { url, password } = splitPassword(databaseUrl);
  const args = ['--format=custom', '--verbose', `--file=${file}`];
  if (!options.withSessions) args.push('--exclude-table-data=public.sessions');
  args.push(`--dbname=${url}`);
  const result = await run(tool.command, args, {
    password,
    onStderrLine: progressFilter(options.progress, /dumping contents of table "?([^"]+)"?/),
  });
  if (result.code !== 0) throw failure('pg_dump', result);
}

/**
 * Restores a pg_dump archive into an empty database in one transaction (all or nothing), without the
 * original owner and grants (the target's user owns everything, as after the app's migrations).
 */
export async function runPgRestore(
  tool: PgTool,
  databaseUrl: string,
  file: string,
  options: { progress: Progress },
): Promise<void> {
  const { url, password } = splitPassword(databaseUrl);
  const args = [
    '--verbose',
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
    file,
  ];
  const result = await run(tool.command, args, {
    password,
    onStderrLine: progressFilter(options.progress, /(processing data for table "?[^"]+"?)/),
  });
  if (result.code !== 0) throw failure('pg_restore', result);
}
