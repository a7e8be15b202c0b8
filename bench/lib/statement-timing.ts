/**
 * Every statement a pg client of this process sends while a phase is recorded, timed from the call to
 * its answer (pg.Client.prototype.query wrapped, as sql-cost.ts does to count them): which statement of
 * a background job was the slowest, and its text and values to EXPLAIN it again. Outside a recorded
 * phase the wrapper only checks a flag.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';

export interface TimedStatement {
  text: string;
  values: unknown[] | undefined;
  /** When it was sent (performance.now()). */
  at: number;
  ms: number;
}

let recording: TimedStatement[] | undefined;
const originalQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;

pg.Client.prototype.query = function timedQuery(this: pg.Client, ...args: unknown[]) {
  const into = recording;
  if (!into) return originalQuery.apply(this, args);
  const [config, second] = args;
  const text = typeof config === 'string' ? config : ((config as { text?: string } | undefined)?.text ?? '');
  const values = Array.isArray(second) ? second : (config as { values?: unknown[] } | undefined)?.values;
  const at = performance.now();
  const done = () => into.push({ text, values, at, ms: performance.now() - at });
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === 'function') {
    // pg-pool's query(text, values, callback): time it to the callback.
    args[last] = function timedCallback(this: unknown, ...results: unknown[]) {
      done();
      return (callback as (...a: unknown[]) => unknown).apply(this, results);
    };
    return originalQuery.apply(this, args);
  }
  const result = originalQuery.apply(this, args);
  if (result && typeof (result as Promise<unknown>).then === 'function') {
    (result as Promise<unknown>).then(done, done);
  }
  return result;
} as typeof pg.Client.prototype.query;

/** Runs `work` and answers what it returned with every statement it sent, in the order sent. */
export async function recordStatements<T>(
  work: () => Promise<T>,
): Promise<{ result: T; statements: TimedStatement[]; ms: number }> {
  if (recording) throw new Error('Statements are being recorded already');
  const statements: TimedStatement[] = [];
  recording = statements;
  const started = performance.now();
  try {
    const result = await work();
    return { result, statements, ms: performance.now() - started };
  } finally {
    recording = undefined;
  }
}

/** A statement's text on one line, at most `length` characters. */
export const oneLine = (text: string, length = 120) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
};

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a recorded statement, inside a transaction rolled back afterwards (a
 * DELETE or an UPDATE explained changes nothing).
 */
export async function explainStatement(pool: pg.Pool, statement: TimedStatement): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`,
      statement.values,
    );
    return [
      statement.text.trim(),
      `-- values: ${JSON.stringify(statement.values ?? [])}`,
      ...rows.map((row) => row['QUERY PLAN']),
    ].join('\n');
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}
