/**
 * The trigger that announces a change to a session or a user (migrations 0024 and 0026) also tells the
 * connection that made it, with a NOTICE once per transaction. Counting those notices per pool lets the
 * app see, without a round trip, that a request it is about to answer changed who may do what: the
 * answer then waits until every process has forgotten what it kept (server/middleware/session-cache.ts).
 */
import type pg from 'pg';

/** The NOTICE's message, as migration 0026 raises it. */
const AUTH_CHANGE_NOTICE = 'auth_changes';

/**
 * The connection option that makes sure PostgreSQL sends the notice, whatever client_min_messages the
 * server or the role sets (at `warning` it would say nothing).
 */
export const NOTICES_DELIVERED = '-c client_min_messages=notice';

const counts = new WeakMap<pg.Pool, { noticed: number }>();

/** Counts, from now on, the auth-change notices that every connection of `pool` receives. */
export function countAuthChangeNotices(pool: pg.Pool): void {
  const count = { noticed: 0 };
  counts.set(pool, count);
  pool.on('connect', (client) => {
    client.on('notice', (notice) => {
      if (notice.message === AUTH_CHANGE_NOTICE) count.noticed++;
    });
  });
}

/**
 * How many transactions have changed a session or a user through `pool` so far (a transaction that
 * rolled back after its change counts too). It only grows: compare two readings.
 */
export function authChangesThrough(pool: pg.Pool): number {
  return counts.get(pool)?.noticed ?? 0;
}
