/**
 * The files of an export: JSON Lines and CSV writers that wait for the disk (a million tickets stream
 * through without piling up in memory), and a cursor reader that hands rows over in batches.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import type pg from 'pg';
import { CSV_BOM, csvRow, type CsvValue } from '@shared/csv';

export interface OutputFile {
  write(text: string): Promise<void>;
  close(): Promise<void>;
}

export function openOutput(file: string): OutputFile {
  const stream = fs.createWriteStream(file, { flags: 'wx', mode: 0o600 });
  const failed = new Promise<never>((_, reject) => stream.once('error', reject));
  failed.catch(() => undefined);
  return {
    async write(text) {
      if (!stream.write(text)) await Promise.race([once(stream, 'drain'), failed]);
    },
    async close() {
      stream.end();
      await Promise.race([once(stream, 'finish'), failed]);
    },
  };
}

/** A CSV file (RFC 4180, UTF-8 with a byte order mark, formulas neutralised: shared/csv.ts). */
export function openCsv(file: string, header: readonly string[]) {
  const output = openOutput(file);
  let first = true;
  return {
    async rows(rows: readonly (readonly CsvValue[])[]) {
      let text = first ? CSV_BOM + csvRow(header) : '';
      first = false;
      for (const row of rows) text += csvRow(row);
      await output.write(text);
    },
    async close() {
      if (first) await this.rows([]);
      await output.close();
    },
  };
}

/** A JSON Lines file: one JSON object per line. */
export function openJsonl(file: string) {
  const output = openOutput(file);
  return {
    async rows(rows: readonly object[]) {
      let text = '';
      for (const row of rows) text += `${JSON.stringify(row)}\n`;
      await output.write(text);
    },
    close: () => output.close(),
  };
}

/**
 * Runs `query` through a cursor on `client` (inside the caller's transaction) and hands its rows to
 * `handle` `batchSize` at a time.
 */
export async function forEachBatch<Row>(
  client: pg.ClientBase,
  query: string,
  batchSize: number,
  handle: (rows: Row[]) => Promise<void>,
): Promise<void> {
  await client.query(`DECLARE export_rows NO SCROLL CURSOR FOR ${query}`);
  for (;;) {
    const { rows } = await client.query(`FETCH ${batchSize} FROM export_rows`);
    if (rows.length === 0) break;
    await handle(rows as Row[]);
  }
  await client.query('CLOSE export_rows');
}

/** An instant as ISO 8601 in UTC with milliseconds (`2026-11-25T09:01:18.123Z`), in SQL. */
export const isoSql = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A person's name from first and last, in SQL (null when both are empty). */
export const nameSql = (alias: string) =>
  `nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), '')`;

/** A file name safe on any file system: letters, digits, dot, dash and underscore, at most 100. */
export function safeFileName(name: string): string {
  const safe = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return safe || 'file';
}

/** Where an email's kept file is written, relative to the export folder. */
export const attachmentPath = (id: string, filename: string) => `attachments/${id}-${safeFileName(filename)}`;
