/**
 * The tables a backup holds, read from the catalog rather than listed by hand, so a table added by a
 * later migration is backed up without anyone remembering to add it here. Everything the app keeps
 * is in the `public` schema; drizzle's bookkeeping is rebuilt by the restore's migrations and the job
 * runner's `pgboss` schema by the app at start (queued work is not data: see restore-fixups.ts).
 */
import type pg from 'pg';

export interface TableInfo {
  name: string;
  /** Columns in table order, generated ones left out (a restore computes them again). */
  columns: string[];
  /** Whether a row can be large (files): such tables are read a few rows at a time. */
  hasBinary: boolean;
}

/**
 * Sessions are not data (a restore signs everyone out, requesters of the portal too): they are backed
 * up only when asked for.
 */
export const SESSION_TABLES: readonly string[] = ['sessions', 'portal_sessions'];

/** A table's name quoted as an SQL identifier, qualified with the app's schema. */
export const qualified = (table: string) => `"public".${quoteIdent(table)}`;
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The app's tables, each after every table it references (so rows load in that order). */
export async function listTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const { rows: columns } = await client.query<{ table: string; column: string; binary: boolean }>(
    `SELECT c.relname AS table, a.attname AS column, a.atttypid = 'bytea'::regtype AS binary
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY c.relname, a.attnum`,
  );
  const { rows: references } = await client.query<{ table: string; references: string }>(
    `SELECT DISTINCT c.relname AS table, r.relname AS references
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid
       JOIN pg_class r ON r.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public' AND c.oid <> r.oid`,
  );
  const tables = new Map<string, TableInfo>();
  for (const row of columns) {
    const table = tables.get(row.table) ?? { name: row.table, columns: [], hasBinary: false };
    table.columns.push(row.column);
    table.hasBinary ||= row.binary;
    tables.set(row.table, table);
  }
  return dependencyOrder([...tables.values()], references);
}

/**
 * Tables sorted so that each comes after those it references (alphabetical among equals, so the order
 * is stable). A cycle of references, which the schema does not have, keeps the rest alphabetical.
 */
export function dependencyOrder(
  tables: TableInfo[],
  references: { table: string; references: string }[],
): TableInfo[] {
  const pending = new Map([...tables].sort((a, b) => a.name.localeCompare(b.name)).map((t) => [t.name, t]));
  const needs = new Map<string, Set<string>>();
  for (const { table, references: parent } of references) {
    if (!pending.has(parent)) continue;
    needs.set(table, (needs.get(table) ?? new Set()).add(parent));
  }
  const ordered: TableInfo[] = [];
  while (pending.size > 0) {
    const ready = [...pending.values()].find((table) =>
      [...(needs.get(table.name) ?? [])].every((parent) => !pending.has(parent)),
    );
    const next = ready ?? pending.values().next().value!;
    ordered.push(next);
    pending.delete(next.name);
  }
  return ordered;
}
