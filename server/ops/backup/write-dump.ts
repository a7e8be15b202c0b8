/**
 * Writes the help desk's own backup (dump-format.ts) from one consistent snapshot: a single
 * REPEATABLE READ, READ ONLY transaction, as pg_dump takes, so rows written while the backup runs are
 * either wholly in it (committed before it started) or wholly out, across every table. Writers are not
 * blocked: PostgreSQL serves the snapshot from its row versions. Rows are read through a cursor in
 * batches of a few megabytes and written as they come, so a million tickets never sit in memory.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type pg from 'pg';
import { silentProgress, type Progress } from '../progress';
import { endLine, headerLine, tableLine, type DumpHeader } from './dump-format';
import { readSchemaVersion } from './schema-version';
import { listTables, qualified, quoteIdent, SESSION_TABLES, type TableInfo } from './tables';

export interface WriteDumpOptions {
  source: DumpHeader['source'];
  withSessions: boolean;
  encryptionKeyCheck?: string;
  progress?: Progress;
  /** Checked between batches: true stops the dump (it then throws DumpStoppedError). */
  shouldStop?: () => boolean;
}

export interface DumpSummary {
  header: DumpHeader;
  rows: number;
}

export class DumpStoppedError extends Error {
  constructor() {
    super('The backup was stopped before it finished');
    this.name = 'DumpStoppedError';
  }
}

/** About this much row text per fetch: few round trips, bounded memory whatever a row's size. */
const BATCH_BYTES = 4 * 1024 * 1024;
const MAX_BATCH_ROWS = 10_000;

/** Writes `text`, waiting while the stream's buffer is full (gzip and the disk set the pace). */
async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/**
 * One row as a single line. to_json escapes line breaks inside strings, so a raw one can only be
 * whitespace between the tokens of a `json` column's value, where a space means the same.
 */
function oneLine(json: string): string {
  return json.includes('\n') || json.includes('\r') ? json.replace(/[\r\n]/g, ' ') : json;
}

async function dumpTable(
  client: pg.ClientBase,
  table: TableInfo,
  total: number,
  out: Writable,
  options: WriteDumpOptions,
): Promise<number> {
  const progress = options.progress ?? silentProgress;
  await write(out, tableLine(table.name));
  // The listed columns only: to_json of the whole row would also write generated columns, which a
  // restore computes again (the search vector of every ticket: a third of the file).
  const columns = table.columns.map(quoteIdent).join(', ');
  await client.query(
    `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT to_json(r)::text FROM (SELECT ${columns} FROM ${qualified(table.name)}) r`,
  );
  // Rows with files can be megabytes each: the first fetch takes one, later ones as many as fit.
  let batch = table.hasBinary ? 1 : 500;
  let done = 0;
  for (;;) {
    if (options.shouldStop?.()) throw new DumpStoppedError();
    const { rows } = await client.query<string[]>({
      text: `FETCH ${batch} FROM backup_rows`,
      rowMode: 'array',
    });
    if (rows.length === 0) break;
    let text = '';
    for (const row of rows) text += `${oneLine(row[0]!)}\n`;
    await write(out, text);
    done += rows.length;
    progress.rows(table.name, done, total);
    batch = Math.max(
      1,
      Math.min(MAX_BATCH_ROWS, Math.floor(BATCH_BYTES / Math.max(1, text.length / rows.length))),
    );
  }
  await client.query('CLOSE backup_rows');
  if (done !== total) {
    // Cannot happen inside one snapshot; a mismatch would mean the file is not what the header says.
    throw new Error(`${table.name}: counted ${total} rows but read ${done}`);
  }
  progress.tableDone(table.name, done);
  return done;
}

/**
 * Writes the whole database `client` is connected to into `out` (uncompressed: the caller pipes it
 * through gzip). Returns the header and the number of rows. The caller owns the connection and must
 * not use it for anything else meanwhile.
 */
export async function writeDump(
  client: pg.ClientBase,
  out: Writable,
  options: WriteDumpOptions,
): Promise<DumpSummary> {
  const progress = options.progress ?? silentProgress;
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  try {
    // Timestamps in one zone whatever the server's default, so the file is the same wherever it is read.
    await client.query("SET LOCAL TIME ZONE 'UTC'");
    const tables = (await listTables(client)).filter(
      (table) => options.withSessions || !SESSION_TABLES.includes(table.name),
    );
    // As pg_dump does: no migration may change or drop a table while it is being read.
    if (tables.length > 0) {
      await client.query(
        `LOCK TABLE ${tables.map((table) => qualified(table.name)).join(', ')} IN ACCESS SHARE MODE`,
      );
    }
    const schema = await readSchemaVersion(client);
    const { rows: version } = await client.query<{ server_version: string }>('SHOW server_version');
    const counts: number[] = [];
    for (const table of tables) {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${qualified(table.name)}`,
      );
      counts.push(rows[0]!.n);
    }
    const header: DumpHeader = {
      createdAt: new Date().toISOString(),
      source: options.source,
      serverVersion: version[0]!.server_version,
      schema,
      withSessions: options.withSessions,
      ...(options.encryptionKeyCheck ? { encryptionKeyCheck: options.encryptionKeyCheck } : {}),
      tables: tables.map((table, index) => ({
        name: table.name,
        columns: table.columns,
        rows: counts[index]!,
      })),
    };
    await write(out, headerLine(header));
    progress.note(
      `Backing up ${tables.length} tables, ${counts.reduce((sum, n) => sum + n, 0).toLocaleString('en-US')} rows`,
    );
    const written: Record<string, number> = {};
    let rows = 0;
    for (const [index, table] of tables.entries()) {
      written[table.name] = await dumpTable(client, table, counts[index]!, out, options);
      rows += written[table.name]!;
    }
    await write(out, endLine(written));
    await client.query('COMMIT');
    return { header, rows };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
