/**
 * The help desk's own backup format: one gzip-compressed JSON Lines file, the same whichever database
 * wrote it, so a backup of the embedded database restores into PostgreSQL and the other way round.
 *
 *   ["helpdesk-backup", 1, {header}]          the format, its version, and what the file holds
 *   ["table", "users"]                        the rows of one table follow, one JSON object per line
 *   {"id": "…", "email": "…", …}              a row as PostgreSQL's to_json() writes it
 *   …
 *   ["end", {"rows": {"users": 3, …}}]        the file is complete
 *
 * Control lines are JSON arrays and rows JSON objects, so the two can never be mistaken for each other
 * whatever a table's columns are called. Rows are PostgreSQL's own JSON for each value (timestamps with
 * their offset and microseconds, numerics with every digit, bytea as \x hex), read back with
 * json_populate_recordset, which takes each value through its type's input: the round trip is exact.
 */

export const DUMP_FORMAT = 'helpdesk-backup';
export const DUMP_VERSION = 1;

export interface DumpTable {
  name: string;
  /** The columns written for each row (generated columns are left out: the target computes them). */
  columns: string[];
  /** Rows in the snapshot, counted before they were written. */
  rows: number;
}

export interface DumpHeader {
  createdAt: string;
  /** Which kind of database was backed up. */
  source: 'postgres' | 'embedded';
  /** `SHOW server_version` of that database. */
  serverVersion: string;
  /**
   * The schema the rows belong to: how many of the app's migrations had been applied, and the folder
   * timestamp and hash of the newest (drizzle.__drizzle_migrations). A restore builds this schema,
   * loads the rows, then applies the migrations that came after.
   */
  schema: { migrations: number; newestMigrationAt: number; newestMigrationHash: string };
  /** Whether the sessions table is in the file (off by default: signed-in sessions are not data). */
  withSessions: boolean;
  /**
   * A fingerprint of the ENCRYPTION_KEY the backed-up app used (HMAC of a fixed text, which reveals
   * nothing of the key), so a restore can say when the target's key will not open the saved
   * credentials. Absent when the key was not known to the process that wrote the backup.
   */
  encryptionKeyCheck?: string;
  /** In load order: a table comes after every table it references. */
  tables: DumpTable[];
}

export type ControlLine =
  [typeof DUMP_FORMAT, number, DumpHeader] | ['table', string] | ['end', { rows: Record<string, number> }];

export const headerLine = (header: DumpHeader) => `${JSON.stringify([DUMP_FORMAT, DUMP_VERSION, header])}\n`;
export const tableLine = (table: string) => `${JSON.stringify(['table', table])}\n`;
export const endLine = (rows: Record<string, number>) => `${JSON.stringify(['end', { rows }])}\n`;

/** A row line starts with `{`; anything else is a control line. */
export const isRowLine = (line: string) => line.startsWith('{');

export class DumpFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DumpFormatError';
  }
}

/** Parses a control line, or throws saying where the file went wrong. */
export function parseControlLine(line: string, lineNumber: number): ControlLine {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new DumpFormatError(`line ${lineNumber} is not JSON: the file is damaged`);
  }
  if (!Array.isArray(value) || typeof value[0] !== 'string') {
    throw new DumpFormatError(`line ${lineNumber} is neither a row nor a control line: the file is damaged`);
  }
  return value as ControlLine;
}

/** Checks the first line of a backup and returns its header. */
export function parseHeaderLine(line: string): DumpHeader {
  const parsed = parseControlLine(line, 1);
  if (parsed[0] !== DUMP_FORMAT) throw new DumpFormatError('not a help desk backup');
  const [, version, header] = parsed as [string, number, DumpHeader];
  if (version > DUMP_VERSION) {
    throw new DumpFormatError(
      `the backup is in format version ${version}, newer than this app reads (${DUMP_VERSION}): restore it with the version of the help desk that wrote it, or a newer one`,
    );
  }
  if (!header || !Array.isArray(header.tables) || !header.schema) {
    throw new DumpFormatError('the backup header is incomplete: the file is damaged');
  }
  return header;
}

/** What kind of backup a file is, from its first bytes. */
export type BackupFileKind = 'helpdesk' | 'pg_dump' | 'unknown';

export function backupFileKind(firstBytes: Buffer): BackupFileKind {
  // pg_dump's custom format starts with "PGDMP"; ours is gzip (1f 8b).
  if (firstBytes.subarray(0, 5).toString('latin1') === 'PGDMP') return 'pg_dump';
  if (firstBytes[0] === 0x1f && firstBytes[1] === 0x8b) return 'helpdesk';
  return 'unknown';
}
