import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** What is counted, how many per window and how long a window lasts. */
export interface WindowRule {
  /** A short name stored with each count, e.g. 'login-failures-ip' (at most 40 characters). */
  scope: string;
  limit: number;
  windowMs: number;
}

/** One counted event: the row its count went into, so that it can be given back. */
export interface CountedEvent {
  scope: string;
  key: string;
  /** The window's start, in milliseconds since the Unix epoch. */
  windowStartMs: number;
  /** The key's count in the window, this event included. */
  count: number;
}

export type TakeResult =
  { allowed: true; events: CountedEvent[] } | { allowed: false; retryAfterSeconds: number };

/** The `rate_limit_windows.key` column's size; longer keys are stored as their SHA-256. */
const MAX_KEY_LENGTH = 320;
const storedKey = (key: string) =>
  key.length <= MAX_KEY_LENGTH ? key : `sha256:${crypto.createHash('sha256').update(key).digest('hex')}`;

/**
 * Counts events per key in fixed time windows, in PostgreSQL (the `rate_limit_windows` table), so
 * every app process draws on one budget. Windows are aligned to the Unix epoch on the database's
 * clock (a 15-minute window starts at :00, :15, :30 and :45), so all processes agree on which window
 * an event falls in whatever their own clocks say.
 *
 * An event is counted before the work it stands for is done ({@link take}), and given back when it
 * should not count after all ({@link giveBack}). Counting first makes the limit hold under
 * concurrency: of any number of simultaneous attempts, at most `limit` are let through.
 */
export class FixedWindowCounter {
  constructor(
    private readonly db: DbOrTx,
    /** The share of `take` calls that also delete a batch of expired windows. */
    private readonly pruneProbability = 1 / 64,
  ) {}

  /**
   * Counts one event for each rule and key, in one statement. When any of the counts is then past
   * its rule's limit, the whole event is given back and refused, with the seconds until the last of
   * the windows concerned ends.
   */
  async take(events: ReadonlyArray<{ rule: WindowRule; key: string }>): Promise<TakeResult> {
    if (events.length === 0) return { allowed: true, events: [] };
    const values = sql.join(
      events.map(
        ({ rule, key }) =>
          sql`(${rule.scope}::varchar, ${storedKey(key)}::varchar, ${Math.round(rule.windowMs)}::bigint)`,
      ),
      sql`, `,
    );
    const { rows } = await this.db.execute<{
      scope: string;
      key: string;
      window_start_ms: string;
      count: number;
      seconds_left: number;
    }>(sql`
      INSERT INTO rate_limit_windows AS w (scope, key, window_start, expires_at, count)
      SELECT v.scope, v.key, b.start, b.start + make_interval(secs => v.ms / 1000.0), 1
      FROM (VALUES ${values}) AS v(scope, key, ms)
      CROSS JOIN LATERAL (
        SELECT to_timestamp(floor(extract(epoch FROM now()) * 1000 / v.ms) * v.ms / 1000.0) AS start
      ) AS b
      ORDER BY v.scope, v.key
      ON CONFLICT (scope, key, window_start) DO UPDATE SET count = w.count + 1
      RETURNING w.scope, w.key, (extract(epoch FROM w.window_start) * 1000)::bigint AS window_start_ms, w.count,
        greatest(1, ceil(extract(epoch FROM w.expires_at - now())))::int AS seconds_left`);

    const counted = rows.map((row) => ({
      scope: row.scope,
      key: row.key,
      windowStartMs: Number(row.window_start_ms),
      count: row.count,
    }));
    const limitOf = new Map(events.map(({ rule }) => [rule.scope, rule.limit]));
    const over = rows.filter((row) => row.count > (limitOf.get(row.scope) ?? Infinity));
    if (Math.random() < this.pruneProbability) await this.prune();
    if (over.length === 0) return { allowed: true, events: counted };
    await this.giveBack(counted);
    return { allowed: false, retryAfterSeconds: Math.max(...over.map((row) => row.seconds_left)) };
  }

  /**
   * Takes counted events back (a refused attempt, or one that turned out not to count). Rows are
   * locked in key order, the order `take` inserts them in: two processes taking and giving back the
   * same two keys at once would otherwise each hold one row and wait for the other (a deadlock,
   * which PostgreSQL ends by failing one of them).
   */
  async giveBack(events: readonly CountedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const keys = sql.join(
      events.map(
        (event) =>
          sql`(${event.scope}::varchar, ${event.key}::varchar, to_timestamp(${event.windowStartMs}::bigint / 1000.0))`,
      ),
      sql`, `,
    );
    await this.db.execute(sql`
      UPDATE rate_limit_windows AS w SET count = greatest(w.count - 1, 0)
      FROM (
        SELECT scope, key, window_start FROM rate_limit_windows
        WHERE (scope, key, window_start) IN (${keys})
        ORDER BY scope, key, window_start
        FOR UPDATE
      ) AS locked
      WHERE (w.scope, w.key, w.window_start) = (locked.scope, locked.key, locked.window_start)`);
  }

  /** Forgets every count of the key in this scope (e.g. an account's failures once it signs in). */
  async reset(scope: string, key: string): Promise<void> {
    await this.db.execute(
      sql`DELETE FROM rate_limit_windows WHERE scope = ${scope} AND key = ${storedKey(key)}`,
    );
  }

  /**
   * Deletes up to `batch` expired windows and returns how many. Rows another process is deleting
   * at the same moment are skipped, so concurrent prunes never wait for one another.
   */
  async prune(batch = 1000): Promise<number> {
    const result = await this.db.execute(sql`
      DELETE FROM rate_limit_windows
      WHERE (scope, key, window_start) IN (
        SELECT scope, key, window_start FROM rate_limit_windows
        WHERE expires_at <= now()
        LIMIT ${batch}
        FOR UPDATE SKIP LOCKED
      )`);
    return result.rowCount ?? 0;
  }
}
