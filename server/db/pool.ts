import pg from 'pg';
import { logger } from '../lib/logger';
import { countAuthChangeNotices, NOTICES_DELIVERED } from './auth-change-notices';

/**
 * How long opening one connection may take. PostgreSQL answers in milliseconds when it is up and
 * refuses at once when it is stopped; a server that does not answer at all (its host is down, a
 * failover is under way) would otherwise hold the request until the operating system gives up, minutes
 * later. Past this the request gets a 503 with Retry-After
 * (server/test/faults/database-restart.test.ts).
 */
export const CONNECT_TIMEOUT_MS = 2_000;

/**
 * How long a request waits for a pooled connection while every one is busy (overload, slow queries):
 * then 503 with Retry-After. Longer than the connect timeout, so a burst is queued rather than shed.
 */
const POOL_WAIT_TIMEOUT_MS = 10_000;

/** pg's client with its own connect timeout (the pool passes its options, wait timeout included). */
class BoundedConnectClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

/**
 * The one connection pool of a process. In embedded mode it holds a single connection: PGlite runs
 * one statement at a time anyway, and the socket bridge multiplexes connections message by message,
 * so one connection keeps the extended-protocol messages of a query together (docs/decisions/001-embedded-db-one-connection.md).
 * Every connection hears the notices of the trigger on sessions and users, and the pool counts them
 * (auth-change-notices.ts).
 */
export function createPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: POOL_WAIT_TIMEOUT_MS,
    Client: BoundedConnectClient,
    idleTimeoutMillis: 30_000,
    options: NOTICES_DELIVERED,
  });
  countAuthChangeNotices(pool);
  pool.on('error', (error) => logger.error('idle database connection failed', { error: error.message }));
  releaseBrokenClients(pool);
  return pool;
}

/**
 * A connection that breaks while a request holds it (PostgreSQL restarted, the backend was
 * terminated, the network dropped it) must neither end the process nor cost the pool its slot:
 * - pg emits 'error' on the client, and the pool listens only while the client is idle: without a
 *   listener here the event would be an uncaught exception that ends the process;
 * - drizzle's transaction() never releases a client whose BEGIN failed, so that slot would be lost
 *   for good and, after a few such losses, every request would wait for a connection that never
 *   comes, long after the database is back.
 * So a client that breaks while checked out is handed back at once as broken (the pool discards it
 * and opens a new connection when one is needed), and its holder's own release later does nothing.
 * The holder's query fails with the connection error, which the error middleware answers with 503.
 */
function releaseBrokenClients(pool: pg.Pool): void {
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      // An idle client's error is the pool's own to handle (it removes the client and emits 'error').
      if (!checkedOut.has(client)) return;
      logger.warn('database connection lost while in use', { error: error.message });
      const release = client.release;
      client.release = () => undefined;
      release(error);
    });
  });
}

// Dates (YYYY-MM-DD) stay strings: a JavaScript Date would shift them across time zones.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
