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
