import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import * as schema from '@shared/schema';
import { withAfterCommit } from './after-commit';

export type Database = NodePgDatabase<typeof schema>;
/** A drizzle handle: the database itself or an open transaction. */
export type DbOrTx = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** The database over `pool`; each of its transactions may say what to do once it commits (after-commit.ts). */
export function createDb(pool: pg.Pool): Database {
  const db = drizzle(pool, { schema });
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    withAfterCommit(() => transaction(work, config))) as Database['transaction'];
  return db;
}
