import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from './database';
import { openTestDatabase } from '../test/test-database';
import { FixedWindowCounter, type WindowRule } from './fixed-window-counter';

let database: OpenDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const rule = (scope: string): WindowRule => ({ scope, limit: 1_000_000, windowMs: 15 * 60_000 });

describe('FixedWindowCounter under concurrency', () => {
  it('when many takes and give-backs of the same two keys overlap then none fails and every count returns to zero', async () => {
    const counter = new FixedWindowCounter(database.db, 0);
    const byIp = rule('test-ip');
    const byAccount = rule('test-account');
    // Half of the callers name the keys in one order, half in the other, as two routes might.
    const rounds = Array.from({ length: 200 }, async (_, index) => {
      const events =
        index % 2 === 0
          ? [
              { rule: byIp, key: '192.0.2.1' },
              { rule: byAccount, key: 'someone' },
            ]
          : [
              { rule: byAccount, key: 'someone' },
              { rule: byIp, key: '192.0.2.1' },
            ];
      const result = await counter.take(events);
      if (result.allowed) await counter.giveBack([...result.events].reverse());
    });

    const outcomes = await Promise.allSettled(rounds);

    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    const { rows } = await database.pool.query<{ count: number }>(
      `SELECT count FROM rate_limit_windows WHERE scope IN ('test-ip', 'test-account')`,
    );
    // One row per key and window: two, or four when the run crossed the windows' boundary (the
    // quarter hour, on the database's clock).
    expect([2, 4]).toContain(rows.length);
    expect(rows.map((row) => row.count)).toEqual(rows.map(() => 0));
  });
});
