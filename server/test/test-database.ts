import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type OpenDatabase } from '../db/database';
import { registerTicketChangeSubscribers } from '../ticket-change-subscribers';

/**
 * A database of this test file's own: a copy of the migrated template on the PostgreSQL server
 * when one is configured, else (or when asked for) a fresh in-memory embedded database. Either way no
 * test file sees another's rows.
 *
 * The ticket-change subscribers are registered as createApp registers them, so a test that runs a
 * service or a job on this database without an app sees the same SLA refresh, notices and poll cache
 * as the app does. (Here rather than in a setup file: the tests that need no database then need not
 * import the app's core either.)
 */
export async function openTestDatabase(
  options: { embedded?: boolean; checkTicketChanges?: boolean } = {},
): Promise<OpenDatabase> {
  registerTicketChangeSubscribers();
  const server = inject('testDatabase');
  if (!server || options.embedded)
    return openDatabase({ databaseUrl: undefined, dataDir: '', dbPoolSize: 1 }, { inMemory: true });

  const name = `helpdesk_test_${process.ppid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server.serverUrl });
  await admin.connect();
  // CREATE DATABASE … TEMPLATE fails while anyone else is connected to the template: retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${server.template}`);
      break;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  // Test fixtures set tickets' columns directly (old timestamps, legacy notes, states the API does not
  // produce): they write without a recorded change (migration 0027). The app's writers record theirs
  // all the same, and ticket-changes.enforcement.test.ts turns the check back on to prove it.
  if (!options.checkTicketChanges) {
    await admin.query(`ALTER DATABASE ${name} SET helpdesk.unrecorded_ticket_write = 'test fixture'`);
  }
  const url = new URL(server.serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '', dbPoolSize: 10 });
  return {
    ...database,
    async close() {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Another connection pool to a test file's PostgreSQL database: another app process's. */
export async function openSecondPool(database: OpenDatabase): Promise<OpenDatabase> {
  const { rows } = await database.pool.query<{ db: string }>('SELECT current_database() AS db');
  const url = new URL(inject('testDatabase')!.serverUrl);
  url.pathname = `/${rows[0]!.db}`;
  return openDatabase({ databaseUrl: url.toString(), dataDir: '', dbPoolSize: 4 });
}

/**
 * A new, empty database on the test server (no schema at all: what a first start finds), named so the
 * suite's teardown drops it if the test does not.
 */
export async function createEmptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = inject('testDatabase')!;
  const name = `helpdesk_test_${process.ppid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server.serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server.serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: server.serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
