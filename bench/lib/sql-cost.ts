/**
 * What a benchmark phase costs the database: every statement any pg client of this process sends
 * (the app's pools and the job runners'), and the database's commit count.
 */
import pg from 'pg';

let statements = 0;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

/** Statements sent by this process so far. */
export const statementsSent = () => statements;

/** Transactions the current database has committed (pg_stat_database). */
export async function commits(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(
    'SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()',
  );
  return Number(rows[0]!.n);
}
