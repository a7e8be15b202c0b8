import pg from 'pg';
import { logger } from '../lib/logger';

/**
 * The one connection pool of a process. In embedded mode it holds a single connection: PGlite runs
 * one statement at a time anyway, and the socket bridge multiplexes connections message by message,
 * so one connection keeps the extended-protocol messages of a query together (docs/decisions.md).
 */
export function createPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', (error) => logger.error('idle database connection failed', { error: error.message }));
  return pool;
}

// Dates (YYYY-MM-DD) stay strings: a JavaScript Date would shift them across time zones.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
