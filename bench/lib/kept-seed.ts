/**
 * A benchmark's data seeded once per database: the seed's parameters are written into the bench_seed
 * table, so a database kept from an earlier run (BENCH_KEEP_DATABASE, scratch-database.ts) is reused
 * only when it was seeded with the same ones, and a seed that takes minutes is not made again.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';

export interface KeptSeedOptions<P extends object> {
  /** Whether the database was kept from an earlier run (ScratchDatabase.reused). */
  reused: boolean;
  /** The seed's parameters, as written into bench_seed. */
  parameters: P;
  /** Those that must match for a kept database to be reused (default: every one). */
  compared?: readonly (keyof P)[];
  /** What the seed makes, for the line announcing it: "Seeding <what>:". */
  what: string;
  /** Seeds the empty database. */
  seed: () => Promise<void>;
  /** What a reused database has undone of earlier runs' work, said in the line announcing the reuse. */
  reuse?: { note: string; tidy: () => Promise<void> };
  log: (line: string) => void;
}

/** Seeds the database once: not again when it was kept from a run that seeded it with the same parameters. */
export async function seedOnce<P extends object>(pool: pg.Pool, options: KeptSeedOptions<P>): Promise<void> {
  const { parameters, log } = options;
  await pool.query('CREATE TABLE IF NOT EXISTS bench_seed (parameters jsonb NOT NULL)');
  if (options.reused) {
    const { rows } = await pool.query<{ parameters: P }>('SELECT parameters FROM bench_seed');
    const kept = rows[0]?.parameters;
    const compared = options.compared ?? (Object.keys(parameters) as (keyof P)[]);
    if (kept && compared.every((key) => kept[key] === parameters[key])) {
      const note = options.reuse ? `; ${options.reuse.note}` : '';
      log(`Reusing the data seeded by an earlier run (BENCH_KEEP_DATABASE)${note}.`);
      await options.reuse?.tidy();
      // Migrations added since may have made tables or indexes: give the planner their statistics.
      await pool.query('VACUUM (ANALYZE)');
      return;
    }
    throw new Error('The kept database holds other seed parameters: run once without BENCH_KEEP_DATABASE.');
  }
  log(`Seeding ${options.what}:`);
  const started = performance.now();
  await options.seed();
  await pool.query('INSERT INTO bench_seed (parameters) VALUES ($1)', [JSON.stringify(parameters)]);
  log(`  seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
