/**
 * The SQL a piece of server code runs, captured through drizzle's logger, so a benchmark can run the
 * very same statements straight through `pg` and show what the HTTP layer adds on top of them.
 */
import crypto from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import * as schema from '@shared/schema';
import type { Database } from '../../server/db/client';
import type { LoopConnection } from './closed-loop';

export interface CapturedStatement {
  text: string;
  values: unknown[];
}

/**
 * Statements in rounds: the statements of one round were issued together (Promise.all) and the next
 * round only after they were answered.
 */
export type CapturedRounds = CapturedStatement[][];

/**
 * Runs `work` against the pool and records every statement it sends, grouped into rounds. With
 * `steadyState`, `work` runs once unrecorded first, so what the server keeps per database handle (a
 * search remembered as over the cap, ticket-list.query.ts) is as it is while the app serves the case
 * again and again.
 */
export async function captureSql(
  pool: pg.Pool,
  work: (db: Database) => Promise<unknown>,
  options: { steadyState?: boolean } = {},
): Promise<CapturedRounds> {
  const rounds: CapturedRounds = [];
  let current: CapturedStatement[] | undefined;
  let recording = !options.steadyState;
  const db = drizzle(pool, {
    schema,
    logger: {
      logQuery(text, values) {
        if (!recording) return;
        // Statements issued in the same turn of the event loop belong to one round.
        if (!current) {
          current = [];
          rounds.push(current);
          setImmediate(() => (current = undefined));
        }
        current.push({ text, values });
      },
    },
  });
  if (!recording) {
    await work(db);
    recording = true;
  }
  await work(db);
  return rounds;
}

/** A name for a statement's text, so every connection parses it once, as the app's prepared ones. */
const statementName = (text: string) =>
  `replayed_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 16)}`;

/**
 * A loop connection that runs the captured rounds as the server code did, on the given pool. Every
 * statement is a named prepared statement (the app prepares its polled ones, and pg's cost here should
 * be the least it can be).
 */
export function sqlConnection(pool: pg.Pool, rounds: CapturedRounds): LoopConnection {
  const named = rounds.map((round) =>
    round.map((statement) => ({ ...statement, name: statementName(statement.text), rowMode: 'array' })),
  );
  return {
    async request() {
      for (const round of named) {
        await Promise.all(round.map((statement) => pool.query(statement)));
      }
      return 'ok';
    },
    close: () => {},
  };
}

/** EXPLAIN (ANALYZE, BUFFERS) of every captured statement, for finding where the time goes. */
export async function explainRounds(pool: pg.Pool, rounds: CapturedRounds): Promise<string[]> {
  const plans: string[] = [];
  for (const statement of rounds.flat()) {
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`,
      statement.values,
    );
    plans.push(
      [
        `${statement.text}`,
        `  -- ${JSON.stringify(statement.values)}`,
        ...rows.map((row) => row['QUERY PLAN']),
      ].join('\n'),
    );
  }
  return plans;
}
