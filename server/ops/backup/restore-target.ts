/**
 * Whether a PostgreSQL database may receive a restore, and clearing it for one. A restore builds the
 * schema the backup was taken with, so whatever schema the target has goes first; that is only done
 * unasked when the target holds no data, or with --force.
 */
import type pg from 'pg';
import { EXAMPLE_RULE_NAMES } from '@shared/contracts/rules';
import { qualified } from './tables';

/**
 * Tables whose rows are not data a person would miss: what a freshly started app writes before anyone
 * uses it (a setup link, sign-in throttles, task leases, sessions). Rows there do not make a target
 * "not empty".
 */
const TRANSIENT_TABLES = new Set([
  'sessions',
  'portal_sessions',
  // The portal's emailed sign-in links (issue 41): 15 minutes of life, not data.
  'portal_sign_in_links',
  'setup_tokens',
  'job_leases',
  'rate_limit_windows',
  // The rules' trigger pass cursor (issue 40): where a pass has read to, set by the migrations.
  'rule_trigger_cursor',
]);

/**
 * Rows the migrations themselves add, which do not make a target "not empty" while untouched: the
 * shipped example rules (issue 40), inactive and never edited.
 */
const PRISTINE_ROWS: Record<string, string> = {
  rules: `name = ANY(ARRAY[${EXAMPLE_RULE_NAMES.map((name) => `'${name.replaceAll("'", "''")}'`).join(', ')}]) AND NOT active AND updated_at = created_at`,
};

/** The schemas a help desk database consists of (drizzle's bookkeeping, the job runner's queue). */
const APP_SCHEMAS = ['drizzle', 'pgboss'];

export interface PostgresTarget {
  database: string;
  /** Client sessions on the same database besides this one (a running app, a psql). */
  otherSessions: number;
  /** Tables holding rows that count as data. */
  tablesWithRows: string[];
  /** Whether anything of a schema is there (tables, functions, the app's schemas) to clear first. */
  hasSchema: boolean;
}

export async function inspectPostgresTarget(client: pg.ClientBase): Promise<PostgresTarget> {
  const { rows: about } = await client.query<{ database: string; others: number; has_schema: boolean }>(
    `SELECT current_database() AS database,
            (SELECT count(*)::int FROM pg_stat_activity
              WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend') AS others,
            EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public')
            OR EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = ANY($1::text[]))
            OR EXISTS (SELECT 1 FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                        WHERE n.nspname = 'public'
                          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')) AS has_schema`,
    [APP_SCHEMAS],
  );
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
  );
  const tablesWithRows: string[] = [];
  for (const { name } of tables) {
    if (TRANSIENT_TABLES.has(name)) continue;
    const pristine = PRISTINE_ROWS[name];
    const { rows } = await client.query<{ has: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM ${qualified(name)} ${pristine ? `WHERE NOT (${pristine})` : ''}) AS has`,
    );
    if (rows[0]?.has) tablesWithRows.push(name);
  }
  return {
    database: about[0]!.database,
    otherSessions: about[0]!.others,
    tablesWithRows,
    hasSchema: about[0]!.has_schema,
  };
}

/**
 * Drops the help desk's schemas (public with everything in it, drizzle, pgboss) and creates an empty
 * public schema, as a new database has, in one transaction.
 */
export async function clearPostgresTarget(client: pg.ClientBase): Promise<void> {
  await client.query('BEGIN');
  try {
    for (const schema of APP_SCHEMAS) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.query('DROP SCHEMA IF EXISTS public CASCADE');
    await client.query('CREATE SCHEMA public');
    // What PostgreSQL 15 grants on a new database's public schema: everyone may use it.
    await client.query('GRANT USAGE ON SCHEMA public TO PUBLIC');
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
