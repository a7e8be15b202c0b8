/**
 * What a restore refuses and what it repairs: a target that holds data (unless --force), a database
 * someone is connected to, a data folder a running app holds, a damaged file, a pg_dump archive for
 * the embedded database; and a backup from an older schema, which the later migrations bring up to
 * date. The PostgreSQL cases need TEST_DATABASE_URL; the embedded ones run in every mode.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { createPool } from '../../db/pool';
import { hasPostgresServer } from '../../test/faults/app-storage';
import { createEmptyDatabase, openTestDatabase } from '../../test/test-database';
import { configuredSource } from '../data-source';
import { silentProgress } from '../progress';
import { createBackup } from './backup';
import { DumpFormatError } from './dump-format';
import { RestoreRefusedError, restoreBackup } from './restore';
import { inspectPostgresTarget } from './restore-target';
import { migrateFirst } from './schema-version';
import { writeDump } from './write-dump';

let scratch: string;
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-restore-'));
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const SESSION_JSON = '{\n  "cookie": {"httpOnly": true},\r\n  "userId": "x"\n}';

/** A user, three tickets and a session whose JSON spans lines, in whatever schema the database has. */
async function addSample(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ id: string }>(
    "INSERT INTO users (email, password, role) VALUES ($1, 'x', 'admin') RETURNING id",
    [`restore.${crypto.randomUUID()}@example.com`],
  );
  // Fixture rows, no ticket changes: from migration 0027 on, written with its check turned off.
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT set_config('helpdesk.unrecorded_ticket_write', 'test fixture', true)");
    await client.query(
      `INSERT INTO tickets (ticket_number, subject, body, from_email, from_name, assigned_to)
       SELECT 'T-' || (8000000000000 + g), 'Sample ' || g, 'Body ' || g, 'a@contoso.com', 'A', $1
         FROM generate_series(1, 3) g`,
      [rows[0]!.id],
    );
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  await pool.query(
    "INSERT INTO sessions (sid, sess, expire) VALUES ('s1', $1::json, now() + interval '1 day')",
    [SESSION_JSON],
  );
}

const backupOf = (databaseUrl: string | undefined, dataDir: string, out: string, withSessions = false) =>
  createBackup(configuredSource({ databaseUrl, dataDir }), {
    out,
    format: 'helpdesk',
    withSessions,
    progress: silentProgress,
  });

const restore = (target: { databaseUrl?: string; dataDir: string }, file: string, force = false) =>
  restoreBackup(
    { databaseUrl: target.databaseUrl, dataDir: target.dataDir, encryptionKey: undefined },
    {
      file,
      force,
      progress: silentProgress,
    },
  );

/** The same backup without its last line: complete gzip, incomplete backup. */
function cutShort(file: string, to: string): void {
  const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').trimEnd();
  fs.writeFileSync(to, zlib.gzipSync(text.slice(0, text.lastIndexOf('\n') + 1)));
}

describe.skipIf(!hasPostgresServer())('restoring into PostgreSQL', () => {
  const created: { drop(): Promise<void> }[] = [];

  async function emptyDatabase(): Promise<string> {
    const database = await createEmptyDatabase();
    created.push(database);
    return database.url;
  }

  afterAll(async () => {
    for (const database of created) await database.drop();
  });

  it('when the target holds data, then the restore is refused naming its tables, and --force replaces everything in it; with sessions, their JSON comes back as it was', async () => {
    const source = await openTestDatabase();
    const file = path.join(scratch, 'pg-sessions.jsonl.gz');
    try {
      await addSample(source.pool);
      await backupOf(String(source.pool.options.connectionString), scratch, file, true);
    } finally {
      await source.close();
    }
    const url = await emptyDatabase();
    await restore({ databaseUrl: url, dataDir: scratch }, file);
    await expect(restore({ databaseUrl: url, dataDir: scratch }, file)).rejects.toThrow(
      /already holds data \(rows in .*tickets.*users\)/,
    );
    const forced = await restore({ databaseUrl: url, dataDir: scratch }, file, true);
    expect(forced.rows).toMatchObject({ users: 1, tickets: 3, sessions: 1 });
    const pool = createPool(url, 1);
    try {
      const { rows } = await pool.query<{ sess: string }>("SELECT sess::text FROM sessions WHERE sid = 's1'");
      // Line breaks between a json value's tokens are whitespace: each becomes a space, nothing else changes.
      expect(rows[0]!.sess).toBe(SESSION_JSON.replace(/[\r\n]/g, ' '));
      expect((await pool.query('SELECT count(*)::int AS n FROM tickets')).rows[0]).toEqual({ n: 3 });
    } finally {
      await pool.end();
    }
  });

  it('when another session is connected to the target, then the restore is refused even with --force', async () => {
    const url = await emptyDatabase();
    const file = path.join(scratch, 'pg-connected.jsonl.gz');
    const source = await openTestDatabase();
    try {
      await addSample(source.pool);
      await backupOf(String(source.pool.options.connectionString), scratch, file);
    } finally {
      await source.close();
    }
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await expect(restore({ databaseUrl: url, dataDir: scratch }, file, true)).rejects.toThrow(
        /1 other session\(s\) are connected to the database/,
      );
    } finally {
      await other.end();
    }
  });

  it('when the backup is cut short, then the restore fails saying so and the target holds no data', async () => {
    const source = await openTestDatabase();
    const file = path.join(scratch, 'pg-whole.jsonl.gz');
    try {
      await addSample(source.pool);
      await backupOf(String(source.pool.options.connectionString), scratch, file);
    } finally {
      await source.close();
    }
    const damaged = path.join(scratch, 'pg-cut.jsonl.gz');
    cutShort(file, damaged);
    const url = await emptyDatabase();
    const failure = await restore({ databaseUrl: url, dataDir: scratch }, damaged).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DumpFormatError);
    expect((failure as Error).message).toContain('cut short');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      expect((await inspectPostgresTarget(client)).tablesWithRows).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('when the backup comes from an older schema, then it is restored at that schema and the later migrations bring it up to date', async () => {
    const older = await emptyDatabase();
    const pool = createPool(older, 2);
    const file = path.join(scratch, 'pg-older.jsonl.gz');
    const { rows: journal } = {
      rows: JSON.parse(fs.readFileSync('migrations/meta/_journal.json', 'utf8')).entries,
    };
    try {
      await migrateFirst(pool, journal.length - 1);
      await addSample(pool);
      const client = await pool.connect();
      try {
        const out = zlib.createGzip();
        const chunks: Buffer[] = [];
        out.on('data', (chunk: Buffer) => chunks.push(chunk));
        const summary = await writeDump(client, out, { source: 'postgres', withSessions: false });
        out.end();
        await new Promise((resolve) => out.once('end', resolve));
        fs.writeFileSync(file, Buffer.concat(chunks));
        expect(summary.header.schema.migrations).toBe(journal.length - 1);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
    const url = await emptyDatabase();
    await restore({ databaseUrl: url, dataDir: scratch }, file);
    const restored = createPool(url, 1);
    try {
      const { rows } = await restored.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
      );
      expect(rows[0]!.n).toBe(journal.length);
      expect((await restored.query('SELECT count(*)::int AS n FROM tickets')).rows[0]).toEqual({ n: 3 });
    } finally {
      await restored.end();
    }
  });
});

describe('restoring into a data folder (embedded database)', () => {
  // Four embedded databases start here (PostgreSQL in WebAssembly, several seconds of CPU each), beside
  // the other test files running at the same time.
  it(
    'when the data folder holds a database, then the restore is refused unless --force, which moves it aside; while an app holds the folder it is refused; a pg_dump archive is refused',
    { timeout: 120_000 },
    async () => {
      const sourceDir = path.join(scratch, 'embedded-source');
      const database = await openDatabase({ databaseUrl: undefined, dataDir: sourceDir, dbPoolSize: 1 });
      try {
        await addSample(database.pool);
      } finally {
        await database.close();
      }
      const file = path.join(scratch, 'embedded.jsonl.gz');
      const backup = await backupOf(undefined, sourceDir, file);
      expect(backup.via).toContain('the app is stopped');

      const target = path.join(scratch, 'embedded-target');
      const first = await restore({ dataDir: target }, file);
      expect(first.rows).toMatchObject({ users: 1, tickets: 3 });
      await expect(restore({ dataDir: target }, file)).rejects.toThrow(RestoreRefusedError);
      await expect(restore({ dataDir: target }, file)).rejects.toThrow(/already holds an embedded database/);

      const forced = await restore({ dataDir: target }, file, true);
      expect(forced.replacedDataMovedTo).toMatch(/pgdata\.replaced-/);
      expect(fs.existsSync(path.join(forced.replacedDataMovedTo!, 'PG_VERSION'))).toBe(true);
      expect(fs.readdirSync(target).filter((name) => name.startsWith('.restore-'))).toEqual([]);

      // A live process (this test's parent) holds the folder, as a running app would.
      fs.writeFileSync(path.join(target, 'helpdesk.lock'), String(process.ppid));
      await expect(restore({ dataDir: target }, file, true)).rejects.toThrow(/Stop the app before restoring/);
      fs.rmSync(path.join(target, 'helpdesk.lock'));

      const archive = path.join(scratch, 'fake.pgdump');
      fs.writeFileSync(archive, Buffer.from('PGDMP\x01\x0e\x00'));
      await expect(restore({ dataDir: path.join(scratch, 'embedded-other') }, archive)).rejects.toThrow(
        /pg_dump archive: it restores into PostgreSQL/,
      );
    },
  );
});
