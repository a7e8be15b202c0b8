/**
 * Reports benchmark: seeds a scratch PostgreSQL database with 1,000,000 tickets, 1,000,000 time
 * entries and 100 users spread over the last year, then times GET /api/reports for Last 30 Days
 * through the real app over HTTP, and the report's SQL statement alone, printing p50 and p99.
 *
 *   npx tsx bench/reports.ts
 *
 * The database (default postgres://postgres@127.0.0.1:5432/helpdesk_bench_reports, or DATABASE_URL)
 * is created before and dropped after the run, so its name must contain "bench" and its host must be
 * this machine. BENCH_TICKETS, BENCH_TIME_ENTRIES, BENCH_USERS and BENCH_RUNS (default 30) tune it;
 * BENCH_EXPLAIN=1 prints the statement's plan; BENCH_KEEP=1 keeps the database afterwards, and
 * BENCH_REUSE=1 times a kept database again without seeding it anew.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { reportQuerySchema } from '../shared/contracts/reports';
import { addDays, localDayStart, localToday, rangeBounds } from '../shared/report-range';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { reportFigures, reportStatement } from '../server/features/reports/reports.repository';
import { reportWindow } from '../server/features/reports/reports.service';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/helpdesk_bench_reports';

const positiveInt = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
};

const TICKETS = positiveInt(process.env.BENCH_TICKETS, 1_000_000);
const TIME_ENTRIES = positiveInt(process.env.BENCH_TIME_ENTRIES, 1_000_000);
const USERS = positiveInt(process.env.BENCH_USERS, 100);
const RUNS = positiveInt(process.env.BENCH_RUNS, 30);
const WARM_UP_RUNS = 3;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;

function summary(name: string, latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `${name}: p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms (${sorted.length} runs)`;
}

async function time(runs: number, run: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < WARM_UP_RUNS; i++) await run();
  const latencies: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/**
 * Drops the secondary indexes of the seeded tables before the bulk load and returns their
 * definitions, so they are built once over the finished tables (much faster than row by row).
 */
async function dropIndexes(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string; definition: string }>(`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i
    WHERE i.indrelid IN ('tickets'::regclass, 'time_entries'::regclass)
      AND NOT i.indisprimary
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`);
  for (const { name } of rows) await pool.query(`DROP INDEX ${name}`);
  return rows.map((row) => row.definition);
}

async function seed(pool: pg.Pool): Promise<void> {
  await pool.query(`SET maintenance_work_mem = '512MB'`);
  const definitions = await dropIndexes(pool);
  let started = performance.now();
  await pool.query(
    `INSERT INTO users (email, password, first_name, last_name)
     SELECT 'bench.user' || i || '@example.com', 'not a hash', 'First' || i, 'Last' || i
     FROM generate_series(1, $1::int) AS i`,
    [USERS],
  );
  // Created evenly over the last 365 days in insertion order, as a live help desk writes them; 60 %
  // closed (within 72 h), 25 % open, 15 % in progress; 80 % assigned.
  await pool.query(
    `WITH u AS (SELECT array_agg(id ORDER BY email) AS ids FROM users)
     INSERT INTO tickets (ticket_number, subject, body, from_email, from_name, status, priority,
                          assigned_to, last_updated_by, created_at, updated_at, closed_at)
     SELECT 'B-' || i, 'Printer ' || i || ' jams', 'It jams every morning.',
            'requester' || (i % 5000) || '@example.com', 'Requester ' || (i % 5000),
            s.status, (ARRAY['low', 'medium', 'high'])[1 + i % 3],
            CASE WHEN i % 5 <> 0 THEN u.ids[1 + i % $2::int] END,
            u.ids[1 + (i * 7) % $2::int],
            s.created, s.created,
            CASE WHEN s.status IN ('closed', 'closed_with_harvest')
                 THEN s.created + (i % 4320) * interval '1 minute' END
     FROM u, generate_series(1, $1::int) AS i,
          LATERAL (SELECT now() - ($1::int - i) * (interval '365 days' / $1::int) AS created,
                          CASE WHEN i % 20 < 6 THEN 'closed' WHEN i % 20 < 12 THEN 'closed_with_harvest'
                               WHEN i % 20 < 17 THEN 'open' ELSE 'in_progress' END AS status) AS s`,
    [TICKETS, USERS],
  );
  console.log(`seeded ${TICKETS} tickets in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  started = performance.now();
  await pool.query(
    `WITH u AS (SELECT array_agg(id ORDER BY email) AS ids FROM users)
     INSERT INTO time_entries (harvest_project_id, harvest_project_name, harvest_task_id, harvest_task_name,
                               hours, notes, spent_date, user_id, sync_status, harvest_time_entry_id)
     SELECT 1 + i % 20, 'Project ' || (1 + i % 20), 1 + i % 5, 'Task ' || (1 + i % 5),
            0.25 * (1 + i % 16), 'Work item ' || i,
            current_date - (($1::int - i)::bigint * 365 / $1::int)::int,
            u.ids[1 + (i * 13) % $2::int], 'synced', i
     FROM u, generate_series(1, $1::int) AS i`,
    [TIME_ENTRIES, USERS],
  );
  console.log(
    `seeded ${TIME_ENTRIES} time entries in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  started = performance.now();
  for (const definition of definitions) await pool.query(definition);
  await pool.query('VACUUM (ANALYZE) users, tickets, time_entries');
  // Write the bulk load's dirty pages out now rather than in the middle of the timed runs.
  await pool.query('CHECKPOINT');
  console.log(
    `rebuilt ${definitions.length} indexes and vacuumed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** Registers and signs in a user over HTTP and returns the session cookie. */
async function signIn(base: string): Promise<string> {
  const user = {
    email: `bench.reader.${Date.now()}@example.com`,
    password: 'bench password 1',
    firstName: 'Bench',
    lastName: 'Reader',
  };
  const headers = { 'Content-Type': 'application/json', Origin: base };
  const registered = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify(user),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const cookie = login.headers.get('set-cookie');
  if (login.status !== 200 || !cookie) throw new Error(`login: ${login.status} ${await login.text()}`);
  return cookie.split(';')[0]!;
}

async function main(): Promise<void> {
  const url = new URL(process.env.DATABASE_URL ?? DEFAULT_URL);
  const name = url.pathname.slice(1);
  if (!/^[a-z0-9_]*bench[a-z0-9_]*$/.test(name) || !LOOPBACK.has(url.hostname)) {
    throw new Error(`the scratch database must be on this machine and named *bench*: ${url.toString()}`);
  }
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  const reuse = process.env.BENCH_REUSE === '1' && exists.rowCount === 1;
  if (!reuse) {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  }
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: url.toString(),
    SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
    BCRYPT_COST: '4',
    HARVEST_SYNC_ENABLED: 'false',
  });
  const database = await openDatabase(config);
  const server = http.createServer(
    createApp({ config, pool: database.pool, db: database.db, sessionSecret: config.sessionSecret! }),
  );
  try {
    if (!reuse) await seed(database.pool);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const cookie = await signIn(base);

    const today = localToday();
    const { start, end } = rangeBounds('last-30-days', today);
    const params = {
      range: 'last-30-days',
      start,
      end,
      startAt: localDayStart(start).toISOString(),
      endAt: localDayStart(addDays(end, 1)).toISOString(),
    };
    const window = reportWindow(reportQuerySchema.parse(params));
    const figures = await reportFigures(database.db, window);
    console.log(
      `Last 30 Days (${start} to ${end}): ${figures.timeTracking.totalEntries} time entries, ` +
        `${figures.tickets.totalTickets} tickets created, ${figures.tickets.closedTickets} closed, ` +
        `${figures.team.activeUsers} active users`,
    );
    if (process.env.BENCH_EXPLAIN === '1') {
      const plan = await database.db.execute<{ 'QUERY PLAN': string }>(
        sql`EXPLAIN (ANALYZE, BUFFERS) ${reportStatement(window)}`,
      );
      console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
    }

    const query = new URLSearchParams(params).toString();
    const viaHttp = await time(RUNS, async () => {
      const res = await fetch(`${base}/api/reports?${query}`, { headers: { Cookie: cookie } });
      if (res.status !== 200) throw new Error(`GET /api/reports: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    });
    const viaSql = await time(RUNS, async () => {
      await reportFigures(database.db, window);
    });
    console.log(summary('GET /api/reports (HTTP, through the app)', viaHttp));
    console.log(summary('report statement (SQL only)            ', viaSql));

    const started = performance.now();
    const csv = await fetch(`${base}/api/reports/time-entries.csv?${query}`, { headers: { Cookie: cookie } });
    const text = await csv.text();
    console.log(
      `GET /api/reports/time-entries.csv: ${csv.status}, ${text.split('\r\n').length - 2} rows, ` +
        `${(text.length / 1e6).toFixed(1)} MB in ${(performance.now() - started).toFixed(0)} ms`,
    );
  } finally {
    server.close();
    await database.close();
    if (process.env.BENCH_KEEP !== '1') await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
