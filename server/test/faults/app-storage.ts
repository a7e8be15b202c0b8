/**
 * Where a fault test's child app keeps its data: this test file's database on the PostgreSQL server
 * when one is configured, else the embedded database in a data folder of its own. Either way the test
 * can read it directly; in embedded mode only while no app holds the folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { inject } from 'vitest';
import { startEmbeddedDatabase } from '../../db/embedded';
import { createPool } from '../../db/pool';
import { openTestDatabase } from '../test-database';

export const hasPostgresServer = () => inject('testDatabase') !== undefined;

export interface AppStorage {
  mode: 'PostgreSQL' | 'embedded database';
  /** For startAppProcess. */
  appOptions: { databaseUrl?: string; dataDir?: string };
  /** Runs `read` on a connection to the app's database (embedded: the app must have stopped). */
  inspect<T>(read: (pool: pg.Pool) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function openAppStorage(): Promise<AppStorage> {
  if (hasPostgresServer()) {
    const database = await openTestDatabase();
    return {
      mode: 'PostgreSQL',
      appOptions: { databaseUrl: String(database.pool.options.connectionString) },
      inspect: (read) => read(database.pool),
      close: () => database.close(),
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-faults-'));
  return {
    mode: 'embedded database',
    appOptions: { dataDir },
    async inspect(read) {
      const embedded = await startEmbeddedDatabase({ dataDir });
      const pool = createPool(embedded.connectionString, 1);
      try {
        return await read(pool);
      } finally {
        await pool.end();
        await embedded.stop();
      }
    },
    async close() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
