/**
 * Where a backup or an export reads from, whatever the mode:
 * - PostgreSQL (DATABASE_URL): the server itself; a snapshot transaction isolates the read from the
 *   app's writes, so the app keeps running.
 * - the embedded database with the app stopped: this process takes the data folder's lock and opens it.
 * - the embedded database while the app runs: the app holds the folder, so it is asked for a snapshot
 *   over its backup channel (embedded/backup-channel.ts), which is opened as a copy here.
 * - inside the app (scheduled backups): a snapshot of its own database, without the channel.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { startEmbeddedDatabase } from '../db/embedded';
import type { Progress } from './progress';
import { downloadSnapshot } from './embedded/backup-channel-client';
import { openSnapshotDatabase } from './embedded/snapshot-database';

export interface OpenedSource {
  connectionString: string;
  /** How the data is being read, for the messages. */
  via: string;
  close(): Promise<void>;
}

export interface DataSource {
  mode: 'postgres' | 'embedded';
  /** Set in PostgreSQL mode (pg_dump connects by itself). */
  databaseUrl?: string;
  open(progress: Progress): Promise<OpenedSource>;
}

export class NothingToReadError extends Error {
  constructor(dataDir: string) {
    super(
      `There is no embedded database in ${dataDir} (no pgdata folder): nothing to read. ` +
        "Set DATA_DIR to the app's data folder, or DATABASE_URL when the app uses PostgreSQL.",
    );
    this.name = 'NothingToReadError';
  }
}

/** The pid in the data folder's lock file, if it names one. */
function lockOwner(dataDir: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(path.join(dataDir, 'helpdesk.lock'), 'utf8'), 10);
    return Number.isInteger(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The source the configuration names, as the CLIs use it. */
export function configuredSource(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): DataSource {
  const { databaseUrl, dataDir } = config;
  if (databaseUrl) {
    return {
      mode: 'postgres',
      databaseUrl,
      open: async () => ({ connectionString: databaseUrl, via: 'PostgreSQL', close: async () => {} }),
    };
  }
  return {
    mode: 'embedded',
    async open(progress) {
      if (!fs.existsSync(path.join(dataDir, 'pgdata'))) throw new NothingToReadError(dataDir);
      try {
        const embedded = await startEmbeddedDatabase({ dataDir });
        return {
          connectionString: embedded.connectionString,
          via: `the embedded database in ${dataDir} (the app is stopped)`,
          close: () => embedded.stop(),
        };
      } catch (error) {
        if (!(error instanceof DataDirLockedError)) throw error;
      }
      const appPid = lockOwner(dataDir);
      progress.note(
        `The app is running${appPid ? ` (pid ${appPid})` : ''}: asking it for a snapshot of its database`,
      );
      const tar = await downloadSnapshot(dataDir, appPid);
      let copy;
      try {
        copy = await openSnapshotDatabase(await fs.openAsBlob(tar), dataDir);
      } finally {
        // Unpacked into the copy's own folder by now.
        fs.rmSync(tar, { force: true });
      }
      return {
        ...copy,
        via: `a snapshot of the embedded database taken by the running app${appPid ? ` (pid ${appPid})` : ''}`,
      };
    },
  };
}

/** The app's own database, read from a snapshot of itself (embedded) or directly (PostgreSQL). */
export function inAppSource(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  snapshot?: () => Promise<Blob>;
}): DataSource {
  const { snapshot, dataDir } = options;
  if (options.databaseUrl) return configuredSource(options);
  // Never the folder itself: this process holds it, and a second PGlite on it would corrupt it.
  if (!snapshot)
    throw new Error('The embedded database offers no snapshot: cannot read it from inside the app');
  return {
    mode: 'embedded',
    async open() {
      const copy = await openSnapshotDatabase(await snapshot(), dataDir);
      return { ...copy, via: 'a snapshot of the embedded database' };
    },
  };
}
