import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPrivateFilesOnly, securePrivateDataDir } from './data-dir';
import { acquireDataDirLock } from './data-dir-lock';
import { servePrivately } from './private-socket';

export interface EmbeddedDatabase {
  connectionString: string;
  /**
   * A consistent copy of the database: a tar of its data folder taken between two statements, which
   * opens like the database after a crash would (backups and exports while the app runs, server/ops).
   */
  snapshot(): Promise<Blob>;
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL-in-WebAssembly (PGlite) and serves it over the PostgreSQL wire protocol, so the
 * app, the session store and drizzle use the same `pg` driver as production. It is served on a Unix
 * socket in the data folder, whose 0700 keeps other local accounts out (PGlite checks no password:
 * server/db/private-socket.ts). `dataDir` undefined keeps the database in memory (tests), served from
 * a private temporary folder.
 */
export async function startEmbeddedDatabase(options: { dataDir?: string }): Promise<EmbeddedDatabase> {
  const { dataDir } = options;
  // The database holds ticket text and password hashes: no other account on the machine may read or
  // write it. PGlite unpacks a new database with modes of its own (0666), hence the second pass.
  if (dataDir) {
    createPrivateFilesOnly();
    securePrivateDataDir(dataDir);
  }
  const release = dataDir ? acquireDataDirLock(dataDir) : () => {};
  try {
    const db = await PGlite.create({
      dataDir: dataDir ? path.join(dataDir, 'pgdata') : 'memory://',
      extensions: { pg_trgm, btree_gist },
    });
    if (dataDir) securePrivateDataDir(dataDir);
    // A few connections for tooling beside the app's pool (which uses one; see server/db/pool.ts).
    const server = await servePrivately(db, { folder: dataDir, maxConnections: 8 }).catch(async (error) => {
      await db.close();
      throw error;
    });
    return {
      connectionString: server.connectionString,
      snapshot: () => db.dumpDataDir('none'),
      async stop() {
        await server.stop();
        await db.close();
        try {
          // Anything written with a mode of its own while running.
          if (dataDir) securePrivateDataDir(dataDir);
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
