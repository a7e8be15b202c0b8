/**
 * Which of the app's migrations a database has, and building a database up to exactly that point.
 * A backup's rows fit the schema they were read from; a restore therefore builds that schema first
 * (the shipped migrations up to the backup's newest), loads the rows, and only then applies the
 * migrations that came after, which bring older data up to date the way they did on the live
 * database (backfills included).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { createDb } from '../../db/client';
import { MIGRATIONS_DIR } from '../../lib/paths';
import type { DumpHeader } from './dump-format';

export type SchemaVersion = DumpHeader['schema'];

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
  version: string;
  breakpoints: boolean;
}

/** The migrations applied to the database `client` is on (drizzle's own bookkeeping table). */
export async function readSchemaVersion(client: pg.ClientBase): Promise<SchemaVersion> {
  const { rows: present } = await client.query<{ exists: boolean }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS exists",
  );
  if (!present[0]?.exists) {
    throw new Error('The database has no help desk schema (no drizzle.__drizzle_migrations table)');
  }
  const { rows } = await client.query<{ count: number; newest: string | null; hash: string | null }>(
    `SELECT count(*)::int AS count, max(created_at)::text AS newest,
            (SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1) AS hash
       FROM drizzle.__drizzle_migrations`,
  );
  const row = rows[0];
  if (!row?.newest || !row.hash) throw new Error('The database has no migrations applied');
  return { migrations: row.count, newestMigrationAt: Number(row.newest), newestMigrationHash: row.hash };
}

function readJournal(migrationsFolder: string): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/**
 * How many of the shipped migrations make up `version`'s schema; throws when the backup comes from a
 * newer app (restore it with that version or a later one) or from a history this app does not know.
 * A different hash of the newest one (its file edited since) is only reported through `warn`.
 */
export function shippedMigrationsUpTo(
  version: SchemaVersion,
  warn: (line: string) => void,
  migrationsFolder = MIGRATIONS_DIR,
): number {
  const shipped = readMigrationFiles({ migrationsFolder });
  const newestShipped = Math.max(0, ...shipped.map((migration) => migration.folderMillis));
  if (version.newestMigrationAt > newestShipped) {
    throw new Error(
      'The backup comes from a newer version of the help desk (its schema has migrations this one does not ship): ' +
        'upgrade this installation first, then restore',
    );
  }
  const count = shipped.filter((migration) => migration.folderMillis <= version.newestMigrationAt).length;
  const newest = shipped[count - 1];
  if (!newest || newest.folderMillis !== version.newestMigrationAt) {
    throw new Error(
      `The backup's schema ends with a migration this app does not ship (timestamp ${version.newestMigrationAt}): it comes from another line of development`,
    );
  }
  if (count !== version.migrations) {
    warn(
      `The backup's database had ${version.migrations} migrations applied where this app ships ${count} up to the same point; restoring anyway`,
    );
  }
  if (newest.hash !== version.newestMigrationHash) {
    warn(`The newest migration of the backup's schema differs from the file shipped here; restoring anyway`);
  }
  return count;
}

/**
 * Applies the first `count` shipped migrations to the (empty) database, through drizzle's migrator on
 * a copy of the migrations folder cut after them, so its bookkeeping is exactly what a database that
 * stopped there would have: the app's own migrator later applies the rest.
 */
export async function migrateFirst(
  pool: pg.Pool,
  count: number,
  migrationsFolder = MIGRATIONS_DIR,
): Promise<void> {
  const entries = readJournal(migrationsFolder).slice(0, count);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-migrations-'));
  try {
    fs.mkdirSync(path.join(folder, 'meta'));
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
    fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const entry of entries) {
      fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    }
    await migrate(createDb(pool), { migrationsFolder: folder });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
