import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { MIGRATIONS_DIR } from '../lib/paths';
import { createDb } from './client';

/** A fixed key for pg_advisory_lock, so several app processes starting at once migrate one at a time. */
const MIGRATION_LOCK_KEY = 724_311_001;

export async function runMigrations(pool: pg.Pool, options: { lock: boolean }): Promise<void> {
  const lockClient = options.lock ? await pool.connect() : undefined;
  try {
    await lockClient?.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(createDb(pool), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    if (lockClient) {
      await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      lockClient.release();
    }
  }
}
