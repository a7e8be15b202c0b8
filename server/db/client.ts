import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import * as schema from '@shared/schema';

export type Database = NodePgDatabase<typeof schema>;
/** A drizzle handle: the database itself or an open transaction. */
export type DbOrTx = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export function createDb(pool: pg.Pool): Database {
  return drizzle(pool, { schema });
}
