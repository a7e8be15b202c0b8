/**
 * A copy of the embedded database, opened from a snapshot of its data folder (PGlite's dumpDataDir: a
 * tar of the folder taken between two statements, which opens like a database after a crash, so it
 * holds exactly the transactions committed before it). The copy is served like the app's own database,
 * on a Unix socket in its private folder (server/db/private-socket.ts), so the backup and the export
 * read it with the same code and driver as a PostgreSQL server, while the app goes on serving from the
 * original.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { servePrivately } from '../../db/private-socket';
import { isProcessAlive } from '../../lib/process-alive';

/**
 * `.snapshot-<pid>-<random>` (a folder, or the downloaded tar): the pid tells a copy in use from one a
 * killed process left.
 */
const COPY_PREFIX = '.snapshot-';

/** Copies left by processes that died before closing them (a whole database each). */
function removeAbandonedCopies(parentDir: string): void {
  for (const name of fs.readdirSync(parentDir)) {
    const pid = Number(/^\.snapshot-(\d+)-/.exec(name)?.[1]);
    if (pid && !isProcessAlive(pid)) fs.rmSync(path.join(parentDir, name), { recursive: true, force: true });
  }
}

export interface SnapshotDatabase {
  connectionString: string;
  close(): Promise<void>;
}

/**
 * Unpacks `snapshot` into a private folder made under `parentDir` (the data folder: same disk, and
 * private to the app's account) and serves it; close() stops it and deletes the folder.
 */
export async function openSnapshotDatabase(snapshot: Blob, parentDir: string): Promise<SnapshotDatabase> {
  fs.mkdirSync(parentDir, { recursive: true, mode: 0o700 });
  removeAbandonedCopies(parentDir);
  const folder = fs.mkdtempSync(path.join(parentDir, `${COPY_PREFIX}${process.pid}-`));
  const remove = () => fs.rmSync(folder, { recursive: true, force: true });
  let db: PGlite | undefined;
  try {
    db = await PGlite.create({
      dataDir: path.join(folder, 'pgdata'),
      loadDataDir: snapshot,
      extensions: { pg_trgm, btree_gist },
    });
    const server = await servePrivately(db, { folder, maxConnections: 2 });
    const opened = db;
    return {
      connectionString: server.connectionString,
      async close() {
        try {
          await server.stop();
          await opened.close();
        } finally {
          remove();
        }
      },
    };
  } catch (error) {
    await db?.close().catch(() => undefined);
    remove();
    throw error;
  }
}
