/**
 * Loads the rows of a help desk backup into a database whose schema is the backup's (built by
 * schema-version.ts's migrateFirst), in one transaction: a restore that fails halfway leaves the
 * tables empty, never half-filled.
 *
 * Inside that transaction the tables' own triggers are switched off, because the rows are already
 * what those triggers produced on the live database (the ticket counters kept by triggers on tickets
 * would otherwise count every ticket twice), and the secondary indexes are dropped and built again
 * after the load, which is several times faster than maintaining them row by row (pg_restore does
 * the same). Foreign keys stay on, which is why rows load table by table in the file's order.
 */
import type { Readable } from 'node:stream';
import type pg from 'pg';
import { silentProgress, type Progress } from '../progress';
import {
  DumpFormatError,
  isRowLine,
  parseControlLine,
  parseHeaderLine,
  type DumpHeader,
  type DumpTable,
} from './dump-format';
import { lines } from './lines';
import { qualified, quoteIdent } from './tables';

/** Rows sent in one INSERT: a few megabytes of JSON, or this many rows, whichever comes first. */
const BATCH_BYTES = 8 * 1024 * 1024;
const BATCH_ROWS = 5_000;

export interface LoadOptions {
  progress?: Progress;
  /** Build the indexes with this much memory (PostgreSQL; the embedded database keeps its default). */
  maintenanceWorkMem?: string;
  /**
   * Runs inside the load's transaction after the rows are in and the counts checked, before it
   * commits (restore-fixups.ts).
   */
  beforeCommit?: (client: pg.ClientBase) => Promise<void>;
}

export interface LoadResult {
  header: DumpHeader;
  rows: Record<string, number>;
  /** Tables of the backup the target does not have (someone's own table): skipped, with a warning. */
  skipped: string[];
}

interface SecondaryIndex {
  name: string;
  definition: string;
}

async function targetColumns(client: pg.ClientBase): Promise<Map<string, Set<string>>> {
  const { rows } = await client.query<{ table: string; column: string }>(
    `SELECT c.relname AS table, a.attname AS column
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
        AND a.attgenerated = ''`,
  );
  const tables = new Map<string, Set<string>>();
  for (const row of rows) tables.set(row.table, (tables.get(row.table) ?? new Set()).add(row.column));
  return tables;
}

/** Drops the indexes of `tables` that back no constraint, and returns how to build them again. */
async function dropSecondaryIndexes(client: pg.ClientBase, tables: string[]): Promise<SecondaryIndex[]> {
  const { rows } = await client.query<SecondaryIndex>(
    `SELECT i.indexname AS name, i.indexdef AS definition
       FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k
                         WHERE k.conindid = to_regclass(quote_ident(i.schemaname) || '.' || quote_ident(i.indexname)))`,
    [tables],
  );
  for (const index of rows) await client.query(`DROP INDEX "public".${quoteIdent(index.name)}`);
  return rows;
}

/** Serial columns' sequences continue after the highest restored value (the schema has none today). */
async function advanceSequences(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ sequence: string; table: string; column: string }>(
    `SELECT s.oid::regclass::text AS sequence, t.relname AS table, a.attname AS column
       FROM pg_class s
       JOIN pg_depend d ON d.objid = s.oid AND d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass
       JOIN pg_class t ON t.oid = d.refobjid
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE s.relkind = 'S' AND n.nspname = 'public'`,
  );
  for (const row of rows) {
    await client.query(
      `SELECT setval($1::regclass, coalesce((SELECT max(${quoteIdent(row.column)}) FROM ${qualified(row.table)}), 1),
                     (SELECT max(${quoteIdent(row.column)}) FROM ${qualified(row.table)}) IS NOT NULL)`,
      [row.sequence],
    );
  }
}

class TableLoader {
  private batch: string[] = [];
  private batchBytes = 0;
  loaded = 0;
  private readonly insert: string;

  constructor(
    private readonly client: pg.ClientBase,
    readonly table: DumpTable,
    private readonly progress: Progress,
  ) {
    const columns = table.columns.map(quoteIdent).join(', ');
    // json_populate_recordset takes each value through its column type's input function: exact.
    // OVERRIDING SYSTEM VALUE keeps the backed-up value of an identity column, should one appear.
    this.insert =
      `INSERT INTO ${qualified(table.name)} (${columns}) OVERRIDING SYSTEM VALUE ` +
      `SELECT ${columns} FROM json_populate_recordset(NULL::${qualified(table.name)}, $1::json)`;
  }

  async add(row: string): Promise<void> {
    this.batch.push(row);
    this.batchBytes += row.length;
    if (this.batch.length >= BATCH_ROWS || this.batchBytes >= BATCH_BYTES) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.batch.length === 0) return;
    await this.client.query(this.insert, [`[${this.batch.join(',')}]`]);
    this.loaded += this.batch.length;
    this.batch = [];
    this.batchBytes = 0;
    this.progress.rows(this.table.name, this.loaded, this.table.rows);
  }
}

/**
 * Reads the backup from `input` (already decompressed) into the database `client` is connected to.
 * The caller owns the connection. Throws DumpFormatError when the file is damaged or incomplete.
 */
export async function loadDump(
  client: pg.ClientBase,
  input: Readable,
  options: LoadOptions = {},
): Promise<LoadResult> {
  const progress = options.progress ?? silentProgress;
  const iterator = lines(input)[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw new DumpFormatError('the file is empty');
  const header = parseHeaderLine(first.value);
  const present = await targetColumns(client);
  const skipped = header.tables.filter((table) => !present.has(table.name)).map((table) => table.name);
  const loadable = header.tables.filter((table) => present.has(table.name));
  for (const table of loadable) {
    const missing = table.columns.filter((column) => !present.get(table.name)!.has(column));
    if (missing.length > 0) {
      throw new Error(
        `The target's ${table.name} table has no column ${missing.join(', ')}: it is not at the backup's schema version`,
      );
    }
  }
  for (const name of skipped) progress.note(`  ${name}: not a table of the help desk's schema; skipped`);

  await client.query('BEGIN');
  try {
    await client.query("SET LOCAL TIME ZONE 'UTC'");
    if (options.maintenanceWorkMem) {
      await client.query(`SET LOCAL maintenance_work_mem = '${options.maintenanceWorkMem}'`);
    }
    const names = loadable.map((table) => table.name);
    for (const name of names) await client.query(`ALTER TABLE ${qualified(name)} DISABLE TRIGGER USER`);
    // Rows a migration may have written into the new schema would collide with the backup's.
    if (names.length > 0) await client.query(`TRUNCATE ${names.map(qualified).join(', ')} CASCADE`);
    const indexes = await dropSecondaryIndexes(client, names);

    const byName = new Map(header.tables.map((table) => [table.name, table]));
    const rows: Record<string, number> = {};
    let current: TableLoader | undefined;
    let skipping = false;
    let ended = false;
    let lineNumber = 1;
    const finishTable = async () => {
      if (!current) return;
      await current.flush();
      if (current.loaded !== current.table.rows) {
        throw new DumpFormatError(
          `${current.table.name}: the backup holds ${current.loaded} rows where its header says ${current.table.rows}: the file is damaged`,
        );
      }
      rows[current.table.name] = current.loaded;
      progress.tableDone(current.table.name, current.loaded);
      current = undefined;
    };
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      lineNumber++;
      const line = next.value;
      if (ended) {
        if (line.trim() === '') continue;
        throw new DumpFormatError(`line ${lineNumber} follows the end of the backup: the file is damaged`);
      }
      if (isRowLine(line)) {
        if (skipping) continue;
        if (!current)
          throw new DumpFormatError(`line ${lineNumber} is a row outside any table: the file is damaged`);
        await current.add(line);
        continue;
      }
      const control = parseControlLine(line, lineNumber);
      await finishTable();
      if (control[0] === 'table') {
        const table = byName.get(control[1]);
        if (!table) throw new DumpFormatError(`line ${lineNumber} starts a table the header does not list`);
        skipping = !present.has(table.name);
        if (!skipping) current = new TableLoader(client, table, progress);
      } else if (control[0] === 'end') {
        ended = true;
        skipping = false;
      } else {
        throw new DumpFormatError(`line ${lineNumber} is an unknown control line: the file is damaged`);
      }
    }
    if (!ended)
      throw new DumpFormatError('the backup ends before its last table is complete: the file is cut short');

    if (indexes.length > 0) progress.note(`Building ${indexes.length} indexes`);
    for (const index of indexes) await client.query(index.definition);
    for (const name of names) await client.query(`ALTER TABLE ${qualified(name)} ENABLE TRIGGER USER`);
    await advanceSequences(client);
    // What was loaded is what the backup counted, table by table.
    for (const table of loadable) {
      const { rows: counted } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${qualified(table.name)}`,
      );
      if (counted[0]!.n !== table.rows) {
        throw new Error(
          `${table.name}: ${counted[0]!.n} rows after the load, the backup holds ${table.rows}`,
        );
      }
    }
    await options.beforeCommit?.(client);
    await client.query('COMMIT');
    return { header, rows, skipped };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
