import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { createPrivateFilesOnly, securePrivateDataDir } from './data-dir';
import { acquireDataDirLock } from './data-dir-lock';

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
 * Starts PostgreSQL-in-WebAssembly (PGlite) and serves it over the PostgreSQL wire protocol on a
 * loopback port, so the app, the session store and drizzle use the same `pg` driver as production.
 * `dataDir` undefined keeps the database in memory (tests).
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
      extensions: { pg_trgm },
    });
    if (dataDir) securePrivateDataDir(dataDir);
    // A few connections for tooling beside the app's pool (which uses one; see server/db/pool.ts).
    const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 8 });
    await server.start();
    return {
      connectionString: `postgres://postgres@${server.getServerConn()}/postgres?sslmode=disable`,
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
