/**
 * Whether the database's schema is the one this build expects. drizzle's migrator (server/db/migrate.ts)
 * records each applied migration in drizzle.__drizzle_migrations with its folder timestamp and applies
 * every shipped migration newer than the newest recorded one; so the schema is current exactly when
 * the newest recorded timestamp is at least the newest shipped one, i.e. when migrating would change
 * nothing. A database that is ahead (a newer build migrated it during a rolling upgrade) counts as
 * current: migrations only add, and taking every older process out at once would be an outage.
 */
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_DIR } from '../lib/paths';

let shipped: number | undefined;

/** The folder timestamp of the newest migration this build ships (read once; they never change). */
export function newestShippedMigration(migrationsFolder = MIGRATIONS_DIR): number {
  if (migrationsFolder === MIGRATIONS_DIR && shipped !== undefined) return shipped;
  const newest = Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  if (migrationsFolder === MIGRATIONS_DIR) shipped = newest;
  return newest;
}

/**
 * One statement that answers both readiness questions: it fails when the database cannot be reached,
 * and returns the newest applied migration's timestamp (null when none is recorded).
 */
export const NEWEST_APPLIED_MIGRATION_SQL =
  'SELECT (SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1) AS newest';

export const isSchemaCurrent = (newestApplied: number | null, newestShipped: number) =>
  newestApplied !== null && newestApplied >= newestShipped;
