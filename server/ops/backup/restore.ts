/**
 * `npm run restore -- FILE`: a backup into an empty database (DATABASE_URL) or an empty DATA_DIR,
 * refusing a target that holds data unless forced. Either backup format restores into PostgreSQL;
 * the embedded database takes the app's own format (pg_dump's archive needs PostgreSQL's tools).
 *
 * The app's own format is restored as its schema was: the shipped migrations up to the backup's
 * newest build the tables, the rows load in one transaction, and the later migrations then bring the
 * data up to date as they would have on the live database. Afterwards, replies that were waiting to
 * be emailed are marked failed for an agent to retry (restore-fixups.ts), and the planner's statistics
 * are gathered, so the restored app is ready to serve at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type pg from 'pg';
import type { AppConfig } from '../../config';
import { securePrivateDataDir } from '../../db/data-dir';
import { acquireDataDirLock, DataDirLockedError } from '../../db/data-dir-lock';
import { startEmbeddedDatabase } from '../../db/embedded';
import { runMigrations } from '../../db/migrate';
import { createPool } from '../../db/pool';
import type { Progress } from '../progress';
import { backupFileKind, DumpFormatError, parseHeaderLine, type DumpHeader } from './dump-format';
import { encryptionKeyAdvice } from './encryption-key-check';
import { lines } from './lines';
import { loadDump } from './load-dump';
import { findPgTool, runPgRestore } from './pg-tools';
import { failRepliesWaitingAtBackup, restartTriggerPassAfterRestore } from './restore-fixups';
import { clearPostgresTarget, inspectPostgresTarget } from './restore-target';
import { migrateFirst, shippedMigrationsUpTo } from './schema-version';

export interface RestoreOptions {
  file: string;
  /** Replace a target that holds data (PostgreSQL: dropped; embedded: moved aside). */
  force: boolean;
  progress: Progress;
  /** The pg_restore to run (tests). */
  pgRestoreCommand?: string;
}

export interface RestoreResult {
  target: string;
  format: 'pg_dump' | 'helpdesk';
  ms: number;
  /** Rows per table (the app's own format). */
  rows?: Record<string, number>;
  /** Embedded with --force: where the database that was replaced now is. */
  replacedDataMovedTo?: string;
  /** Replies marked failed because they waited to be sent at backup time. */
  repliesFailed: number;
  /** Things the person should know (the encryption key, skipped tables). */
  notes: string[];
}

/** Refusals that are the person's to resolve (a full target, a running app), not failures of ours. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

function openBackup(file: string): Readable {
  return fs.createReadStream(file).pipe(zlib.createGunzip());
}

/** The header of a backup in the app's own format (the first line). */
export async function readBackupHeader(file: string): Promise<DumpHeader> {
  const input = openBackup(file);
  try {
    for await (const line of lines(input)) return parseHeaderLine(line);
    throw new DumpFormatError('the file is empty');
  } catch (error) {
    if (error instanceof DumpFormatError) throw error;
    throw new DumpFormatError(`not a readable help desk backup (${(error as Error).message})`);
  } finally {
    input.destroy();
  }
}

function fileKind(file: string) {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(8);
    fs.readSync(fd, head, 0, 8, 0);
    return backupFileKind(head);
  } finally {
    fs.closeSync(fd);
  }
}

/** Builds the backup's schema, loads its rows, then brings everything up to date. */
async function restoreOwnFormat(
  pool: pg.Pool,
  file: string,
  options: RestoreOptions & { maintenanceWorkMem?: string },
): Promise<{ header: DumpHeader; rows: Record<string, number>; skipped: string[] }> {
  const header = await readBackupHeader(file);
  const count = shippedMigrationsUpTo(header.schema, options.progress.note);
  options.progress.note(
    `Backup of ${header.createdAt} (${header.source === 'postgres' ? 'PostgreSQL' : 'embedded database'}, ` +
      `schema at migration ${count}${header.withSessions ? ', with sessions' : ''})`,
  );
  await migrateFirst(pool, count);
  const client = await pool.connect();
  try {
    const result = await loadDump(client, openBackup(file), {
      progress: options.progress,
      maintenanceWorkMem: options.maintenanceWorkMem,
    });
    return result;
  } finally {
    client.release();
  }
}

interface Finished {
  repliesFailed: number;
  /** Saved settings, among them the encrypted credentials that need the backed-up key. */
  settings: number;
}

/** After the rows are in: the later migrations, the reply and trigger fix-ups, the planner's statistics. */
async function finish(pool: pg.Pool, progress: Progress, lock: boolean): Promise<Finished> {
  progress.note('Applying the migrations that came after the backup, if any');
  await runMigrations(pool, { lock });
  const client = await pool.connect();
  try {
    const repliesFailed = await failRepliesWaitingAtBackup(client);
    await restartTriggerPassAfterRestore(client);
    progress.note("Gathering the planner's statistics (ANALYZE)");
    await client.query('ANALYZE');
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM public.settings');
    return { repliesFailed, settings: rows[0]!.n };
  } finally {
    client.release();
  }
}

async function restoreIntoPostgres(
  databaseUrl: string,
  kind: 'helpdesk' | 'pg_dump',
  options: RestoreOptions,
): Promise<Omit<RestoreResult, 'ms' | 'notes'> & Finished & { header?: DumpHeader; skipped: string[] }> {
  const pool = createPool(databaseUrl, 2);
  try {
    const client = await pool.connect();
    let target;
    try {
      target = await inspectPostgresTarget(client);
      if (target.otherSessions > 0) {
        throw new RestoreRefusedError(
          `${target.otherSessions} other session(s) are connected to the database ${target.database}: stop every app process ` +
            '(and close other connections to it) before restoring.',
        );
      }
      if (target.tablesWithRows.length > 0 && !options.force) {
        throw new RestoreRefusedError(
          `The database ${target.database} already holds data (rows in ${target.tablesWithRows.join(', ')}). ` +
            'Restore into an empty database (createdb helpdesk_restored), or pass --force to replace everything in it: ' +
            'its public, drizzle and pgboss schemas are dropped first.',
        );
      }
      if (target.hasSchema) {
        options.progress.note(
          target.tablesWithRows.length > 0
            ? `--force: dropping everything in ${target.database} first`
            : `Clearing the empty schema of ${target.database} first`,
        );
        await clearPostgresTarget(client);
      }
    } finally {
      client.release();
    }
    if (kind === 'pg_dump') {
      const tool = await findPgTool(options.pgRestoreCommand ?? 'pg_restore');
      if (!tool) {
        throw new Error(
          `${options.file} is a pg_dump archive: restoring it needs pg_restore (Debian: apt-get install postgresql-client)`,
        );
      }
      options.progress.note(`Restoring with pg_restore ${tool.version}`);
      await runPgRestore(tool, databaseUrl, options.file, { progress: options.progress });
      const finished = await finish(pool, options.progress, true);
      return { target: `the database ${target.database}`, format: 'pg_dump', ...finished, skipped: [] };
    }
    const loaded = await restoreOwnFormat(pool, options.file, {
      ...options,
      maintenanceWorkMem: '256MB',
    });
    const finished = await finish(pool, options.progress, true);
    return {
      target: `the database ${target.database}`,
      format: 'helpdesk',
      rows: loaded.rows,
      ...finished,
      header: loaded.header,
      skipped: loaded.skipped,
    };
  } finally {
    await pool.end();
  }
}

async function restoreIntoDataDir(
  dataDir: string,
  kind: 'helpdesk' | 'pg_dump',
  options: RestoreOptions,
): Promise<Omit<RestoreResult, 'ms' | 'notes'> & Finished & { header?: DumpHeader; skipped: string[] }> {
  if (kind === 'pg_dump') {
    throw new RestoreRefusedError(
      `${options.file} is a pg_dump archive: it restores into PostgreSQL (set DATABASE_URL). To move to the embedded ` +
        "database, back up PostgreSQL in the app's own format: npm run backup -- --format helpdesk",
    );
  }
  let release: () => void;
  try {
    release = acquireDataDirLock(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new RestoreRefusedError(
        `${error.message.replace(/ Stop that process first.*$/, '')} Stop the app before restoring: a restore replaces its database.`,
      );
    }
    throw error;
  }
  try {
    const existing = path.join(dataDir, 'pgdata');
    if (fs.existsSync(existing) && !options.force) {
      throw new RestoreRefusedError(
        `${dataDir} already holds an embedded database (${existing}). Restore into an empty DATA_DIR, or pass --force: ` +
          'the existing database is then moved aside (not deleted) to pgdata.replaced-<time> in the same folder.',
      );
    }
    // Built beside the target and moved into place at the end: a failed restore leaves DATA_DIR as it was.
    // One a killed restore left behind is removed (this process holds the folder's lock).
    for (const name of fs.readdirSync(dataDir)) {
      if (name.startsWith('.restore-')) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    }
    const work = fs.mkdtempSync(path.join(dataDir, '.restore-'));
    try {
      const embedded = await startEmbeddedDatabase({ dataDir: work });
      let loaded;
      let finished;
      try {
        const pool = createPool(embedded.connectionString, 1);
        try {
          loaded = await restoreOwnFormat(pool, options.file, options);
          finished = await finish(pool, options.progress, false);
        } finally {
          await pool.end();
        }
      } finally {
        await embedded.stop();
      }
      let replacedDataMovedTo: string | undefined;
      if (fs.existsSync(existing)) {
        replacedDataMovedTo = path.join(
          dataDir,
          `pgdata.replaced-${new Date().toISOString().replaceAll(':', '-')}`,
        );
        fs.renameSync(existing, replacedDataMovedTo);
      }
      fs.renameSync(path.join(work, 'pgdata'), existing);
      securePrivateDataDir(dataDir);
      return {
        target: `the embedded database in ${dataDir}`,
        format: 'helpdesk',
        rows: loaded.rows,
        ...finished,
        replacedDataMovedTo,
        header: loaded.header,
        skipped: loaded.skipped,
      };
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  } finally {
    release();
  }
}

export async function restoreBackup(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'encryptionKey'>,
  options: RestoreOptions,
): Promise<RestoreResult> {
  const started = performance.now();
  if (!fs.existsSync(options.file)) throw new RestoreRefusedError(`${options.file} does not exist`);
  const kind = fileKind(options.file);
  if (kind === 'unknown') {
    throw new RestoreRefusedError(
      `${options.file} is neither a help desk backup nor a pg_dump archive (custom format)`,
    );
  }
  const restored = config.databaseUrl
    ? await restoreIntoPostgres(config.databaseUrl, kind, options)
    : await restoreIntoDataDir(config.dataDir, kind, options);
  const notes: string[] = [];
  if (restored.skipped.length > 0) {
    notes.push(`Not restored (not tables of the help desk): ${restored.skipped.join(', ')}`);
  }
  const keyAdvice = restored.settings > 0 && encryptionKeyAdvice(restored.header?.encryptionKeyCheck, config);
  if (keyAdvice) notes.push(keyAdvice);
  const { header: _header, skipped: _skipped, settings: _settings, ...result } = restored;
  return { ...result, ms: performance.now() - started, notes };
}
