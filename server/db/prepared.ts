import type { SQL } from 'drizzle-orm';
import { PgDialect, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { QueryResult } from 'pg';
import type { DbOrTx } from './client';

/**
 * Memoises what `build` makes from a database handle, once per handle: a drizzle statement built and
 * `.prepare(name)`d on first use is then executed with its placeholders' values only, so a polled
 * request costs neither drizzle's query building nor PostgreSQL's parsing (pg parses a named statement
 * once per connection). Each handle (each app's database, each transaction) gets its own.
 */
export function oncePerDatabase<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const built = new WeakMap<DbOrTx, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) built.set(db, (value = build(db)));
    return value;
  };
}

const dialect = new PgDialect();

/**
 * Runs a raw statement as the named prepared statement `name` (one name per statement text: pg
 * refuses a name reused for another text). PostgreSQL parses it once per connection and, after five
 * runs whose plans cost about the same, keeps one generic plan, so a statement whose planning costs
 * more than its work (a CTE of inserts with joins) stops paying for it on every run.
 */
export function executePrepared<Row extends Record<string, unknown> = Record<string, unknown>>(
  db: DbOrTx,
  name: string,
  query: SQL,
): Promise<QueryResult<Row>> {
  const prepared = db._.session.prepareQuery<{ execute: QueryResult<Row> } & PreparedQueryConfig>(
    dialect.sqlToQuery(query),
    undefined,
    name,
    false,
  );
  return prepared.execute();
}
