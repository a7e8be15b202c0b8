/**
 * Migrations at start in PostgreSQL mode, where several app processes may start on one database at
 * once. The embedded database lives in one process, so the file runs only with a PostgreSQL server
 * (TEST_DATABASE_URL), as CI has.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasPostgresServer } from '../test/faults/app-storage';
import { createEmptyDatabase } from '../test/test-database';
import { MIGRATIONS_DIR } from '../lib/paths';
import { runMigrations } from './migrate';
import { createPool } from './pool';

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

describe.skipIf(!hasPostgresServer())('migrating at start (PostgreSQL)', () => {
  it('when two processes migrate a fresh database at once, even on one connection each (DB_POOL_SIZE=1), then both finish and each migration is applied once', async () => {
    const database = await createEmptyDatabase();
    const pools = [createPool(database.url, 1), createPool(database.url, 1)];
    try {
      // The lock must not hold the only connection the migration needs (it waited for a second one
      // until the pool gave up: the app never started).
      await Promise.all(pools.map((pool) => runMigrations(pool, { lock: true })));
      const { rows } = await pools[0]!.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
      );
      expect(rows[0]!.n).toBe(journal.entries.length);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
      await database.drop();
    }
  }, 30_000);
});
