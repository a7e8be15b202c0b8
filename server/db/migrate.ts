import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { MIGRATIONS_DIR } from '../lib/paths';

/** A fixed key for pg_advisory_lock, so several app processes starting at once migrate one at a time. */
const MIGRATION_LOCK_KEY = 724_311_001;

/**
 * Brings the schema up to date on one connection of `pool`. With `lock`, that connection first takes
 * the migration lock, so a second process waits and then finds nothing left to do; migrating on the
 * lock's own connection lets a pool of one connection (DB_POOL_SIZE=1) start at all.
 */
export async function runMigrations(pool: pg.Pool, options: { lock: boolean }): Promise<void> {
  const client = await pool.connect();
  let broken = false;
  try {
    if (options.lock) await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    if (options.lock)
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {
        // A connection that cannot unlock is closed instead, which ends its lock too.
        broken = true;
      });
    client.release(broken);
  }
}
