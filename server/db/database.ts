import type pg from 'pg';
import type { AppConfig } from '../config';
import { createDb, type Database } from './client';
import { startEmbeddedDatabase } from './embedded';
import { runMigrations } from './migrate';
import { createPool } from './pool';

export interface OpenDatabase {
  mode: 'postgres' | 'embedded';
  pool: pg.Pool;
  db: Database;
  /** Embedded mode: a consistent copy of the whole database (see EmbeddedDatabase.snapshot). */
  snapshot?: () => Promise<Blob>;
  close(): Promise<void>;
}

/**
 * Opens the database the configuration names (DATABASE_URL, else the embedded one in DATA_DIR, or in
 * memory with `inMemory`) and brings its schema up to date.
 */
export async function openDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'dbPoolSize'>,
  options: { inMemory?: boolean } = {},
): Promise<OpenDatabase> {
  if (config.databaseUrl) {
    const pool = createPool(config.databaseUrl, config.dbPoolSize);
    await runMigrations(pool, { lock: true });
    return { mode: 'postgres', pool, db: createDb(pool), close: () => pool.end() };
  }
  const embedded = await startEmbeddedDatabase({ dataDir: options.inMemory ? undefined : config.dataDir });
  const pool = createPool(embedded.connectionString, 1);
  try {
    await runMigrations(pool, { lock: false });
  } catch (error) {
    await pool.end();
    await embedded.stop();
    throw error;
  }
  return {
    mode: 'embedded',
    pool,
    db: createDb(pool),
    snapshot: () => embedded.snapshot(),
    async close() {
      await pool.end();
      await embedded.stop();
    },
  };
}
