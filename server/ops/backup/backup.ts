/**
 * One backup file of everything, while the app keeps running:
 * - PostgreSQL with pg_dump installed (and at least the server's major version): pg_dump's custom
 *   format, which PostgreSQL's own tools read;
 * - otherwise, and always for the embedded database: the app's own format (dump-format.ts), which
 *   restores into either kind of database.
 * The file is written as FILE.partial (mode 0600: it holds password hashes and every ticket) and
 * renamed when complete and flushed to disk, so a file with the final name is always a whole backup.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import pg from 'pg';
import type { DataSource } from '../data-source';
import type { Progress } from '../progress';
import { findPgTool, runPgDump, serverMajorVersion, type PgTool } from './pg-tools';
import { writeDump } from './write-dump';

export type BackupFormat = 'auto' | 'pg_dump' | 'helpdesk';

export const BACKUP_EXTENSIONS = { helpdesk: '.jsonl.gz', pg_dump: '.pgdump' } as const;
export const BACKUP_PREFIX = 'helpdesk-backup-';

/**
 * gzip's default level. Measured on 100,000 tickets: level 1 saved a tenth of the backup's time for a
 * file a sixth larger; the time goes to reading the rows, not to compressing them.
 */
const GZIP_LEVEL = 6;

export interface BackupOptions {
  /** The file to write; default a timestamped name in `dir`. */
  out?: string;
  /** Where a default name goes (default: the current folder). */
  dir?: string;
  format: BackupFormat;
  withSessions: boolean;
  progress: Progress;
  encryptionKeyCheck?: string;
  /** The pg_dump to run (tests point it at one that does not exist). */
  pgDumpCommand?: string;
  shouldStop?: () => boolean;
}

export interface BackupResult {
  file: string;
  format: 'pg_dump' | 'helpdesk';
  bytes: number;
  ms: number;
  /** Rows written (the app's own format only). */
  rows?: number;
  via: string;
}

/** `helpdesk-backup-2026-11-25T09-01-18Z` (no colons: the name also works on Windows file systems). */
export function backupName(format: 'pg_dump' | 'helpdesk', at = new Date()): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  return `${BACKUP_PREFIX}${stamp}${BACKUP_EXTENSIONS[format]}`;
}

/** Flushes the file's content to disk before it gets its final name. */
function syncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Whether pg_dump can back up this server, and why not. */
async function usablePgDump(
  databaseUrl: string,
  command: string,
): Promise<{ tool?: PgTool; reason?: string }> {
  const tool = await findPgTool(command);
  if (!tool) return { reason: 'pg_dump is not installed (Debian: apt-get install postgresql-client)' };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const server = await serverMajorVersion(client);
    if (tool.major < server) {
      return {
        reason: `pg_dump ${tool.version} is older than the PostgreSQL ${server} server, which it cannot back up`,
      };
    }
    return { tool };
  } finally {
    await client.end();
  }
}

async function choosePgDump(source: DataSource, options: BackupOptions): Promise<PgTool | undefined> {
  if (source.mode !== 'postgres' || options.format === 'helpdesk') {
    if (options.format === 'pg_dump') {
      throw new Error(
        "pg_dump backs up PostgreSQL only: the embedded database is backed up in the app's own format",
      );
    }
    return undefined;
  }
  const { tool, reason } = await usablePgDump(source.databaseUrl!, options.pgDumpCommand ?? 'pg_dump');
  if (tool) return tool;
  if (options.format === 'pg_dump') throw new Error(`Cannot use pg_dump: ${reason}`);
  options.progress.note(
    `${reason}: writing the app's own backup format instead (npm run restore reads both)`,
  );
  return undefined;
}

async function writeOwnDump(
  source: DataSource,
  partial: string,
  options: BackupOptions,
): Promise<{ rows: number; via: string }> {
  const opened = await source.open(options.progress);
  try {
    options.progress.note(`Reading ${opened.via}`);
    const client = new pg.Client({ connectionString: opened.connectionString });
    await client.connect();
    try {
      const gzip = zlib.createGzip({ level: GZIP_LEVEL });
      const written = pipeline(gzip, fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
      try {
        const summary = await writeDump(client, gzip, {
          source: source.mode,
          withSessions: options.withSessions,
          encryptionKeyCheck: options.encryptionKeyCheck,
          progress: options.progress,
          shouldStop: options.shouldStop,
        });
        gzip.end();
        await written;
        return { rows: summary.rows, via: opened.via };
      } catch (error) {
        gzip.destroy(error as Error);
        await written.catch(() => undefined);
        throw error;
      }
    } finally {
      await client.end();
    }
  } finally {
    await opened.close();
  }
}

/** Writes one backup of `source`; see the module comment. */
export async function createBackup(source: DataSource, options: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const tool = await choosePgDump(source, options);
  const format = tool ? 'pg_dump' : 'helpdesk';
  const file = path.resolve(options.out ?? path.join(options.dir ?? '.', backupName(format)));
  if (fs.existsSync(file)) throw new Error(`${file} exists already: choose another file name`);
  const partial = `${file}.partial`;
  // Left by a backup that was killed: never a whole backup, and in the way of this one.
  fs.rmSync(partial, { force: true });
  try {
    let rows: number | undefined;
    let via = 'PostgreSQL, through pg_dump';
    if (tool) {
      // pg_dump writes into the file it is given and keeps its mode: create it private first.
      fs.closeSync(fs.openSync(partial, 'wx', 0o600));
      options.progress.note(`Backing up with pg_dump ${tool.version} (custom format)`);
      await runPgDump(tool, source.databaseUrl!, partial, {
        withSessions: options.withSessions,
        progress: options.progress,
      });
    } else {
      ({ rows, via } = await writeOwnDump(source, partial, options));
    }
    syncFile(partial);
    fs.renameSync(partial, file);
    return { file, format, bytes: fs.statSync(file).size, ms: performance.now() - started, rows, via };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}
