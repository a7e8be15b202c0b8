/**
 * Assets benchmark (issue 42): seeds a scratch PostgreSQL database with an inventory (20,000 assets,
 * 500,000 loans by default, bench/lib/asset-seed.ts, over a few thousand tickets of
 * bench/lib/ticket-seed.ts, some loans linked to them), starts the app as a child process in
 * production mode, and measures, at 1 and 8 concurrent keep-alive connections:
 *
 *   availability      GET /api/assets/availability?productType=laptop&from=&to= over 30 days (both
 *                     ends included). Each request asks another of WINDOW_STARTS' twelve windows (from
 *                     today to 44 days ahead), each connection starting at another: twelve answers and
 *                     parameter sets, so neither an answer nor one parameter set's plan is measured
 *                     over and over. The answer is the picker's: the first page (50) of the free
 *                     laptops in tag order and whether more are free (thousands are)
 *   availability-all  the same without productType: the first page of the free assets of any type
 *   asset-list        GET /api/assets?search=<the first 5 characters of a serial number>, the inventory's
 *                     search (eight serial numbers in turn; each finds about one asset)
 *   asset-detail      GET /api/assets/{id}: an asset with its whole history (~25 loans at the default
 *                     size) and the tickets it was lent for (eight such assets in turn)
 *   lend              POST /api/loaner-equipment with an assetId (api mode only): every request books a
 *                     free slot, another asset each time (then the next slot of each), dated from
 *                     LEND_AHEAD_DAYS on (past every seeded loan, so none is refused: the write is a
 *                     reservation, whose statements are a lend's: the asset locked, the overlap check,
 *                     the insert, the asset's status)
 *   lend-ticket       the same linked to a ticket (the Loans card's "Lend Equipment"): the ticket's
 *                     check and its Activity Log entry besides
 *   lend-refused      a lend overlapping an asset's current loan (api mode only): the 409 path
 *
 * The read cases run in two modes: `api` (full answers) and `sql` (the statements the service ran
 * for that request, captured through drizzle's logger, bench/lib/captured-sql.ts, and replayed
 * through `pg` as named prepared statements on a pool as large as the app's, cycling through the same
 * windows, searches or assets, and planned for their values every time as the app's unnamed
 * statements are: plan_cache_mode=force_custom_plan), so the HTTP layer's share is visible. Each row
 * also says how much CPU a request cost the app, PostgreSQL and the load generator over the measured
 * window. PostgreSQL's is its processes serving this database (pg_stat_activity, re-read four times a
 * second), since other test runs share the server; every postgres process's, as bench/tickets.ts
 * counts it, is printed beside it. Parallel workers living shorter than that are missed by the first
 * (EXPLAIN says whether a plan uses them).
 *
 * A lend's PostgreSQL time is also measured in-process, as bench/rules.ts measures a trigger pass:
 * BENCH_LEND_RUNS lends (createLoaner, the route's service call) on a pool of one connection, each
 * span's CPU of that connection's backend (/proc/<pid>/schedstat, in nanoseconds) and its statements
 * timed one by one (bench/lib/statement-timing.ts).
 *
 * The issue's targets, measured here and never asserted: with 20,000 assets and 500,000 loans,
 * availability for a type over a month answers in under 50 ms at p99 with 8 connections; a lend,
 * the overlap check included, costs under 3 ms of PostgreSQL time.
 *
 *   npm run bench -- assets
 *   BENCH_ASSETS=2000 BENCH_LOANS=50000 BENCH_SECONDS=3 npm run bench -- assets
 *
 * Settings: DATABASE_URL (a loopback database whose name contains "bench"; created and dropped;
 * default helpdesk_bench_assets), BENCH_ASSETS (20000) and BENCH_LOANS (500000): comma-separated
 * lists run each size in turn (paired by position, a single value going with every size of the
 * other), each on its own database (the sizes appended to its name), and end with the growth between
 * them; BENCH_TICKETS (5000 linked tickets), BENCH_SECONDS (10 per case), BENCH_WARMUP_SECONDS (2),
 * BENCH_CONNECTIONS (1,8), DB_POOL_SIZE (the app's pool, 16), BENCH_LEND_RUNS (300 in-process lends of
 * each kind, after 30 unmeasured), BENCH_CASES / BENCH_MODES (comma-separated subsets), BENCH_EXPLAIN=1
 * (print EXPLAIN ANALYZE of every read case's statements, first window), BENCH_KEEP_DATABASE=1 (keep
 * the seeded database and reuse it next time; its dates age: the loans out today are overdue in two
 * weeks), BENCH_PROFILE_DIR (write a CPU profile of the app there).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  assetAvailabilityQuerySchema,
  assetListQuerySchema,
  type AssetAvailabilityResponse,
} from '@shared/contracts/assets';
import { createLoanerSchema } from '@shared/contracts/equipment';
import { addDays } from '@shared/report-range';
import { createDb, type Database } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { createPool } from '../server/db/pool';
import { AppError } from '../server/lib/errors';
import { hiddenGroupIds } from '../server/core/groups/group-visibility';
import { getAsset, listAssets, listAvailableAssets } from '../server/features/equipment/assets.service';
import { createLoaner } from '../server/features/equipment/equipment.service';
import { startApp, type AppProcess } from './lib/app-process';
import { seedAssets } from './lib/asset-seed';
import { captureSql, explainRounds, sqlConnection, type CapturedRounds } from './lib/captured-sql';
import type { LoopConnection } from './lib/closed-loop';
import { runMeasuredLoop, type BenchRun as Run } from './lib/measured-loop';
import { httpConnection, httpGet, httpWriteConnection, type JsonRequest } from './lib/http-connection';
import { flagOption, intListOption, intOption, listOption, numberOption } from './lib/options';
import { processCpuMs } from './lib/postgres-cpu';
import { pidsNamed } from './lib/process-usage';
import {
  apiToSqlTable,
  cpuPerRequestTable,
  figuresTable,
  markdownTable,
  percentile,
  progressLine,
  stats,
  type FigureRow,
} from './lib/report';
import { seedOnce } from './lib/kept-seed';
import { openScratchDatabase, scratchDatabaseUrl, scratchPool } from './lib/scratch-database';
import { registerAccount, signInSessions, type BenchAccount } from './lib/session';
import { oneLine, recordStatements, type TimedStatement } from './lib/statement-timing';
import { seedTickets } from './lib/ticket-seed';
import { benchEnvironment } from './lib/environment';

const CASE_NAMES = [
  'availability',
  'availability-all',
  'asset-list',
  'asset-detail',
  'lend',
  'lend-ticket',
  'lend-refused',
] as const;
type CaseName = (typeof CASE_NAMES)[number];
const MODES = ['api', 'sql'] as const;

const settings = {
  assets: intListOption('BENCH_ASSETS', [20_000], { min: 100, max: 1_000_000 }),
  loans: intListOption('BENCH_LOANS', [500_000], { min: 100, max: 20_000_000 }),
  tickets: intOption('BENCH_TICKETS', 5_000, { min: 1_000, max: 1_000_000 }),
  seconds: numberOption('BENCH_SECONDS', 10, { min: 1, max: 600 }),
  warmupSeconds: numberOption('BENCH_WARMUP_SECONDS', 2, { min: 0, max: 60 }),
  connections: intListOption('BENCH_CONNECTIONS', [1, 8], { min: 1, max: 64 }),
  poolSize: intOption('DB_POOL_SIZE', 16, { min: 1, max: 200 }),
  lendRuns: intOption('BENCH_LEND_RUNS', 300, { min: 0, max: 100_000 }),
  keep: flagOption('BENCH_KEEP_DATABASE'),
  explain: flagOption('BENCH_EXPLAIN'),
  profileDir: process.env.BENCH_PROFILE_DIR || undefined,
  cases: listOption('BENCH_CASES', CASE_NAMES),
  modes: listOption('BENCH_MODES', MODES),
};

/** The sizes to run: BENCH_ASSETS and BENCH_LOANS paired by position. */
function sizes(): { assets: number; loans: number }[] {
  const { assets, loans } = settings;
  const count = Math.max(assets.length, loans.length);
  if (assets.length !== loans.length && assets.length !== 1 && loans.length !== 1) {
    throw new Error('BENCH_ASSETS and BENCH_LOANS: give as many sizes of each, or one of either');
  }
  return Array.from({ length: count }, (_, i) => ({
    assets: assets[Math.min(i, assets.length - 1)]!,
    loans: loans[Math.min(i, loans.length - 1)]!,
  }));
}

/** Bounds every case: at most this many measured requests, whatever the duration. */
const MAX_REQUESTS_PER_CASE = 2_000_000;
const SEED_VERSION = 1;
const AGENTS = 20;
/** The runner: the first account registered, so an admin. */
const ACCOUNT = { email: 'bench.runner@bench.example.com', password: 'bench-runner-password' };
/** The availability windows: 30 days from today plus each of these days. */
const WINDOW_STARTS = [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44];
const WINDOW_DAYS = 30;
/** The lends' first day: past every seeded loan (the seed's reservations end within 60 days). */
const LEND_AHEAD_DAYS = 120;
/** A lend's slot: 7 days, then the next slot of the same asset a day after. */
const LEND_DAYS = 7;
const LEND_SLOT_DAYS = 8;
/** The person the bench lends to, so a kept database's earlier lends can be taken back. */
const LEND_PERSON = 'Bench Lender';
const LEND_WARMUP_RUNS = 30;
const TARGET = { availabilityP99Ms: 50, lendPostgresMs: 3 } as const;
const log = (line: string) => console.log(line);
const ms = (value: number, digits = 2) => value.toFixed(digits);
const count = (value: number) => value.toLocaleString('en-US');

interface BenchCase {
  name: CaseName;
  /** The paths asked in turn, each connection starting at another. */
  paths: string[];
  /** For each path, the call the route makes: its statements are the sql mode's. */
  services?: ((db: Database) => Promise<unknown>)[];
  /** A writing case: each load-test connection's next request (api mode only). */
  write?: (connection: number) => () => JsonRequest;
  /** The answer's status of a writing case. */
  writeStatus?: string;
}

/** What the cases are asked about, read from the seeded data. */
interface Targets {
  today: string;
  runner: { id: string; role: string };
  /** Assets a lend can book (not retired or in repair, no overdue loan holding them). */
  lendable: { id: string; productType: string }[];
  /** Assets with a loan out today: lending them today is refused. */
  lentOut: { id: string; productType: string }[];
  ticketIds: string[];
  serialPrefixes: string[];
  /** Assets with about the average number of loans, some of them linked to tickets. */
  detailIds: string[];
  /** How many loans and tickets those assets have. */
  detailHistory: string;
}

async function readTargets(pool: pg.Pool, runnerEmail: string): Promise<Targets> {
  const { rows: today } = await pool.query<{ today: string }>('SELECT current_date::text AS today');
  const { rows: runner } = await pool.query<{ id: string; role: string }>(
    'SELECT id, role FROM users WHERE email = $1',
    [runnerEmail],
  );
  const { rows: lendable } = await pool.query<{ id: string; productType: string }>(
    `SELECT a.id, a.product_type AS "productType" FROM assets a
     WHERE a.status NOT IN ('retired', 'in_repair')
       AND NOT EXISTS (SELECT 1 FROM loaner_equipment l
                       WHERE l.asset_id = a.id AND NOT l.is_returned AND l.expected_return_date < current_date)
     ORDER BY a.asset_tag`,
  );
  const { rows: lentOut } = await pool.query<{ id: string; productType: string }>(
    `SELECT a.id, a.product_type AS "productType" FROM assets a
     JOIN loaner_equipment l ON l.asset_id = a.id AND NOT l.is_returned
      AND l.checkout_date <= current_date AND l.expected_return_date >= current_date + 2
     ORDER BY a.asset_tag LIMIT 512`,
  );
  const { rows: tickets } = await pool.query<{ id: string }>(
    'SELECT id FROM tickets WHERE deleted_at IS NULL ORDER BY created_at DESC LIMIT 512',
  );
  const { rows: serials } = await pool.query<{ prefix: string }>(
    `SELECT left(serial_number, 5) AS prefix FROM assets
     WHERE serial_number IS NOT NULL ORDER BY asset_tag
     OFFSET (SELECT count(*) / 9 FROM assets) LIMIT 8`,
  );
  const { rows: details } = await pool.query<{ id: string; loans: number; tickets: number }>(
    `SELECT asset_id AS id, count(*)::int AS loans, count(DISTINCT ticket_id)::int AS tickets
     FROM loaner_equipment GROUP BY asset_id
     HAVING count(*) >= (SELECT count(*) / count(DISTINCT asset_id) FROM loaner_equipment)
     ORDER BY count(ticket_id) DESC, count(*), asset_id LIMIT 8`,
  );
  if (!runner[0] || lendable.length === 0 || lentOut.length === 0 || details.length === 0) {
    throw new Error('The seeded data has no runner, no asset to lend, none out or none with loans');
  }
  return {
    today: today[0]!.today,
    runner: runner[0],
    lendable,
    lentOut,
    ticketIds: tickets.map((row) => row.id),
    serialPrefixes: serials.map((row) => row.prefix),
    detailIds: details.map((row) => row.id),
    detailHistory: `${details.map((row) => row.loans).join(', ')} loans and ${details.map((row) => row.tickets).join(', ')} tickets`,
  };
}

/**
 * The lends' slots, numbered across the whole run (HTTP and in-process alike): slot m books asset
 * m mod A (of A lendable) for LEND_DAYS days, its (m div A)-th slot of LEND_SLOT_DAYS from
 * LEND_AHEAD_DAYS on, so no two overlap and none is refused.
 */
function lendSlots(targets: Targets) {
  let next = 0;
  const { lendable, ticketIds, today } = targets;
  return (linkTicket: boolean) => {
    const slot = next++;
    const asset = lendable[slot % lendable.length]!;
    const checkoutDate = addDays(
      today,
      LEND_AHEAD_DAYS + Math.floor(slot / lendable.length) * LEND_SLOT_DAYS,
    );
    return {
      productType: asset.productType,
      personName: LEND_PERSON,
      phone: '555-0100',
      officeNumber: 'Office 42',
      checkoutDate,
      expectedReturnDate: addDays(checkoutDate, LEND_DAYS - 1),
      assetId: asset.id,
      ...(linkTicket ? { ticketId: ticketIds[slot % ticketIds.length]! } : {}),
    };
  };
}

/** A lend of an asset that is out today, for today and the next two days: refused (409). */
function refusedLends(targets: Targets) {
  let next = 0;
  return () => {
    const asset = targets.lentOut[next++ % targets.lentOut.length]!;
    return {
      productType: asset.productType,
      personName: LEND_PERSON,
      phone: '555-0100',
      officeNumber: 'Office 42',
      checkoutDate: targets.today,
      expectedReturnDate: addDays(targets.today, 2),
      assetId: asset.id,
    };
  };
}

const windowQuery = (today: string, start: number, productType?: string) => ({
  ...(productType ? { productType } : {}),
  from: addDays(today, start),
  to: addDays(today, start + WINDOW_DAYS - 1),
});

function benchCases(targets: Targets, nextLend: ReturnType<typeof lendSlots>): BenchCase[] {
  const availability = (name: CaseName, productType?: string): BenchCase => {
    const queries = WINDOW_STARTS.map((start) => windowQuery(targets.today, start, productType));
    return {
      name,
      paths: queries.map((query) => `/api/assets/availability?${new URLSearchParams(query).toString()}`),
      services: queries.map(
        (query) => (db: Database) => listAvailableAssets(db, assetAvailabilityQuerySchema.parse(query)),
      ),
    };
  };
  const lendCase = (name: CaseName, linkTicket: boolean): BenchCase => ({
    name,
    paths: ['/api/loaner-equipment'],
    writeStatus: '201',
    write: () => () => ({ method: 'POST', path: '/api/loaner-equipment', body: nextLend(linkTicket) }),
  });
  const refused = refusedLends(targets);
  const all: BenchCase[] = [
    availability('availability', 'laptop'),
    availability('availability-all'),
    {
      name: 'asset-list',
      paths: targets.serialPrefixes.map(
        (search) => `/api/assets?${new URLSearchParams({ search }).toString()}`,
      ),
      services: targets.serialPrefixes.map(
        (search) => (db: Database) => listAssets(db, assetListQuerySchema.parse({ search })),
      ),
    },
    {
      name: 'asset-detail',
      paths: targets.detailIds.map((id) => `/api/assets/${id}`),
      // The route's: the caller's hidden groups (none for the admin runner, without a statement), then
      // the asset, its loans and its tickets.
      services: targets.detailIds.map(
        (id) => async (db: Database) => getAsset(db, id, await hiddenGroupIds(db, targets.runner)),
      ),
    },
    lendCase('lend', false),
    lendCase('lend-ticket', true),
    {
      name: 'lend-refused',
      paths: ['/api/loaner-equipment'],
      writeStatus: '409',
      write: () => () => ({ method: 'POST', path: '/api/loaner-equipment', body: refused() }),
    },
  ];
  return all.filter((benchCase) => settings.cases.includes(benchCase.name));
}

/** A loop connection that asks the connections' requests in turn, from the `first`-th on. */
function inTurn(connections: LoopConnection[], first: number): LoopConnection {
  let next = first;
  return {
    request: () => connections[next++ % connections.length]!.request(),
    close: () => connections.forEach((connection) => connection.close()),
  };
}

/**
 * The PostgreSQL processes serving the scratch database (pg_stat_activity), re-read four times a
 * second: PostgreSQL's CPU per request counts them, not what other databases on the same server do
 * meanwhile (other test runs share this machine).
 */
async function databaseBackends(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let pids: number[] = [];
  const refresh = async () => {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    pids = rows.map((row) => row.pid);
  };
  await refresh();
  const timer = setInterval(() => void refresh().catch(() => undefined), 250);
  return {
    pids: () => pids,
    async stop() {
      clearInterval(timer);
      await client.end();
    },
  };
}

/** A figures row, with every postgres process's CPU per request beside this database's. */
interface AssetRow extends FigureRow {
  everyPostgresMs: number;
}

async function measure(run: Run, appPids: () => number[], databasePids: () => number[]): Promise<AssetRow> {
  const { result, cpuPerRequest } = await runMeasuredLoop(
    {
      connections: run.connections,
      seconds: settings.seconds,
      warmupSeconds: settings.warmupSeconds,
      maxRequests: MAX_REQUESTS_PER_CASE,
      expected: run.expected,
      connect: run.connect,
    },
    {
      app: appPids,
      database: databasePids,
      everyPostgres: () => pidsNamed('postgres'),
      loadGenerator: () => [process.pid],
    },
  );
  const { everyPostgres, ...figures } = cpuPerRequest;
  const row: AssetRow = {
    case: run.benchCase,
    mode: run.mode,
    result,
    cpuPerRequest: figures,
    everyPostgresMs: everyPostgres,
  };
  log(progressLine(row));
  return row;
}

/** One in-process lend: its wall time, the app's CPU, its backend's CPU and its statements' times. */
interface LendSpan {
  wallMs: number;
  appCpuMs: number;
  backendMs: number;
  statements: number;
  statementMs: number;
  refused: boolean;
  timed: TimedStatement[];
}

/**
 * BENCH_LEND_RUNS lends through the route's service call on a pool of one connection, after
 * LEND_WARMUP_RUNS unmeasured: what each costs that connection's backend (its CPU, from
 * /proc/<pid>/schedstat) and the statements it sends (each timed from its call to its answer).
 */
async function lendInProcess(
  url: string,
  runnerId: string,
  body: () => Record<string, unknown>,
): Promise<LendSpan[]> {
  const pool = createPool(url, 1);
  const db = createDb(pool);
  try {
    const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const backendPid = rows[0]!.pid;
    const spans: LendSpan[] = [];
    for (let run = 0; run < LEND_WARMUP_RUNS + settings.lendRuns; run++) {
      const input = createLoanerSchema.parse(body());
      const backendBefore = processCpuMs(backendPid) ?? NaN;
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      let refused = false;
      const { statements } = await recordStatements(() =>
        createLoaner(db, input, runnerId).catch((error: unknown) => {
          if (!(error instanceof AppError && error.code === 'conflict')) throw error;
          refused = true;
        }),
      );
      const wallMs = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      const backendMs = (processCpuMs(backendPid) ?? NaN) - backendBefore;
      if (run < LEND_WARMUP_RUNS) continue;
      spans.push({
        wallMs,
        appCpuMs: (cpu.user + cpu.system) / 1000,
        backendMs,
        statements: statements.length,
        statementMs: statements.reduce((sum, statement) => sum + statement.ms, 0),
        refused,
        timed: statements,
      });
    }
    const { rows: after } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    if (after[0]!.pid !== backendPid)
      log('(the lends connection was replaced: its backend CPU is incomplete)');
    return spans;
  } finally {
    await pool.end();
  }
}

function lendTable(results: readonly { name: string; spans: LendSpan[] }[]): string {
  return markdownTable(
    [
      'case',
      'lends',
      'refused',
      'wall p50',
      'wall p99',
      'app CPU mean',
      'PG backend mean',
      'PG backend p50',
      'PG backend p99',
      'PG backend max',
      'statements',
      'statement time p50',
      'statement time p99',
    ],
    results.map(({ name, spans }) => {
      const backend = stats(spans.map((span) => span.backendMs));
      const statementTime = stats(spans.map((span) => span.statementMs));
      return [
        name,
        count(spans.length),
        count(spans.filter((span) => span.refused).length),
        ms(stats(spans.map((span) => span.wallMs)).p50),
        ms(stats(spans.map((span) => span.wallMs)).p99),
        ms(stats(spans.map((span) => span.appCpuMs)).mean),
        ms(backend.mean),
        ms(backend.p50),
        ms(backend.p99),
        ms(backend.max),
        stats(spans.map((span) => span.statements)).mean.toFixed(1),
        ms(statementTime.p50),
        ms(statementTime.p99),
      ];
    }),
    (column) => column === 0,
  );
}

/** A lend's statements by their text, in the order first sent: how often per lend, and their time. */
function lendStatementsTable(spans: readonly LendSpan[]): string {
  const byText = new Map<string, number[]>();
  for (const statement of spans.flatMap((span) => span.timed)) {
    const text = oneLine(statement.text, 100);
    byText.set(text, [...(byText.get(text) ?? []), statement.ms]);
  }
  return markdownTable(
    ['statement', 'per lend', 'p50 ms', 'p99 ms'],
    [...byText].map(([text, times]) => {
      const { p50, p99 } = stats(times);
      return [text, (times.length / spans.length).toFixed(1), ms(p50), ms(p99)];
    }),
    (column) => column === 0,
  );
}

/** PostgreSQL's CPU per request: this database's processes, and every postgres process. */
function postgresTable(rows: readonly AssetRow[]): string {
  return markdownTable(
    ['case', 'mode', 'conns', 'this database ms', 'every postgres process ms'],
    rows.map((row) => [
      row.case,
      row.mode,
      String(row.result.connections),
      ms(row.cpuPerRequest!.database),
      ms(row.everyPostgresMs),
    ]),
    (column) => column < 2,
  );
}

async function seedUnlessKept(url: string, reused: boolean, pool: pg.Pool, size: Size): Promise<void> {
  await seedOnce(pool, {
    reused,
    parameters: { ...size, tickets: settings.tickets, agents: AGENTS, version: SEED_VERSION },
    what: `${count(settings.tickets)} tickets, ${count(size.assets)} assets, ${count(size.loans)} loans`,
    seed: async () => {
      await seedTickets(url, { tickets: settings.tickets, agents: AGENTS, log });
      await seedAssets(url, { ...size, log });
    },
    reuse: {
      note: 'its lends are taken back',
      tidy: async () => {
        await pool.query('DELETE FROM loaner_equipment WHERE person_name = $1', [LEND_PERSON]);
      },
    },
    log,
  });
}

async function describeDataSet(pool: pg.Pool): Promise<void> {
  const { rows: assets } = await pool.query<{ product_type: string; status: string; n: number }>(
    `SELECT product_type, status, count(*)::int AS n FROM assets GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  const byType = new Map<string, string[]>();
  for (const row of assets) {
    byType.set(row.product_type, [...(byType.get(row.product_type) ?? []), `${row.status} ${row.n}`]);
  }
  log(`Assets: ${[...byType].map(([type, statuses]) => `${type} (${statuses.join(', ')})`).join('; ')}`);
  const { rows: loans } = await pool.query<{ state: string; n: number; linked: number }>(
    `SELECT CASE WHEN is_returned THEN 'returned' WHEN checkout_date > current_date THEN 'reserved'
                 WHEN expected_return_date < current_date THEN 'overdue' ELSE 'out' END AS state,
            count(*)::int AS n, count(ticket_id)::int AS linked
     FROM loaner_equipment GROUP BY 1 ORDER BY 1`,
  );
  log(`Loans: ${loans.map((row) => `${row.state} ${row.n} (${row.linked} linked to a ticket)`).join(', ')}`);
  const { rows: sizes } = await pool.query<{ table_size: string; index_size: string; assets_size: string }>(
    `SELECT pg_size_pretty(pg_table_size('loaner_equipment')) AS table_size,
            pg_size_pretty(pg_indexes_size('loaner_equipment')) AS index_size,
            pg_size_pretty(pg_total_relation_size('assets')) AS assets_size`,
  );
  log(
    `loaner_equipment table ${sizes[0]?.table_size}, its indexes ${sizes[0]?.index_size}; assets ${sizes[0]?.assets_size} with its indexes`,
  );
}

/** How large the availability answers are, per window: the assets, and the bytes as sent (gzip). */
async function describeAnswers(port: number, cookie: string, cases: readonly BenchCase[]): Promise<void> {
  const agent = new http.Agent({ keepAlive: false });
  try {
    for (const benchCase of cases.filter((each) => each.name.startsWith('availability'))) {
      const assets: number[] = [];
      const sentKb: number[] = [];
      const plainKb: number[] = [];
      for (const path of benchCase.paths) {
        const sent = await httpGet(agent, port, path, { Cookie: cookie });
        const plain = await httpGet(agent, port, path, { Cookie: cookie, 'Accept-Encoding': 'identity' });
        if (sent.status !== 200 || plain.status !== 200) throw new Error(`${path} answered ${sent.status}`);
        assets.push((JSON.parse(plain.body.toString()) as AssetAvailabilityResponse).assets.length);
        sentKb.push(sent.body.length / 1024);
        plainKb.push(plain.body.length / 1024);
      }
      const range = (values: number[], digits = 0) =>
        `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
      log(
        `${benchCase.name} answers over its ${benchCase.paths.length} windows: ${range(assets)} assets, ` +
          `${range(plainKb)} KB of JSON, ${range(sentKb)} KB as sent compressed`,
      );
    }
  } finally {
    agent.destroy();
  }
}

type Size = { assets: number; loans: number };

interface SizeFigures {
  size: Size;
  rows: AssetRow[];
  lends: { name: string; spans: LendSpan[] }[];
}

function summary(figures: SizeFigures): string {
  const rows: string[][] = [];
  const availability = figures.rows.find(
    (row) => row.case === 'availability' && row.mode === 'api' && row.result.connections === 8,
  );
  if (availability) {
    const p99 = percentile(availability.result.latencies, 99);
    rows.push([
      `availability (laptops, 30 days) p99 < ${TARGET.availabilityP99Ms} ms at 8 connections`,
      `${ms(p99, 1)} ms`,
      p99 < TARGET.availabilityP99Ms ? 'yes' : '**no**',
    ]);
  }
  for (const { name, spans } of figures.lends) {
    const backend = stats(spans.map((span) => span.backendMs));
    rows.push([
      `${name}: PostgreSQL time < ${TARGET.lendPostgresMs} ms (in-process, its backend's CPU, mean / p99)`,
      `${ms(backend.mean)} / ${ms(backend.p99)} ms`,
      backend.p99 < TARGET.lendPostgresMs
        ? 'yes'
        : backend.mean < TARGET.lendPostgresMs
          ? 'mean only'
          : '**no**',
    ]);
  }
  for (const row of figures.rows.filter((each) => each.case.startsWith('lend'))) {
    rows.push([
      `${row.case} over HTTP at ${row.result.connections} conn: PostgreSQL CPU per request (this database)`,
      `${ms(row.cpuPerRequest!.database)} ms`,
      row.cpuPerRequest!.database < TARGET.lendPostgresMs ? 'yes' : '**no**',
    ]);
  }
  return markdownTable(['target', 'measured', 'met'], rows, (column) => column !== 1);
}

async function runSize(size: Size, several: boolean): Promise<SizeFigures> {
  const url = scratchDatabaseUrl('postgres://postgres@127.0.0.1:5432/helpdesk_bench_assets');
  if (several) url.pathname = `${url.pathname}_${size.assets}_${size.loans}`;
  log(`\n## ${count(size.assets)} assets, ${count(size.loans)} loans (${url.pathname.slice(1)})\n`);
  const scratch = await openScratchDatabase(url, { keep: settings.keep });
  // Bounded like the app's requests: a replayed statement gives up after the HTTP client's timeout.
  // Planned as the app's are: its statements here are unnamed, so planned for their values every
  // time, while a named one switches to a generic plan after five runs (availability's then probes
  // every laptop's loans: half as fast again).
  const pool = scratchPool(scratch.url, {
    max: settings.poolSize,
    statement_timeout: 30_000,
    options: '-c plan_cache_mode=force_custom_plan',
  });
  let app: AppProcess | undefined;
  let backends: Awaited<ReturnType<typeof databaseBackends>> | undefined;
  const figures: SizeFigures = { size, rows: [], lends: [] };
  try {
    const setup = scratchPool(scratch.url, { max: 2 });
    try {
      await runMigrations(setup, { lock: true });
      await seedUnlessKept(scratch.url, scratch.reused, setup, size);
      await describeDataSet(setup);
    } finally {
      await setup.end();
    }
    log(await benchEnvironment(pool, settings));

    app = await startApp({
      databaseUrl: scratch.url,
      // The sign-ins below are not measured; a low bcrypt cost only makes them quick.
      env: { DB_POOL_SIZE: String(settings.poolSize), BCRYPT_COST: '4' },
      profileDir: settings.profileDir,
    });
    const port = app.port;
    const appPids = () => app?.pids ?? [];
    if ((await pool.query('SELECT 1 FROM users WHERE email = $1', [ACCOUNT.email])).rowCount === 0) {
      await registerAccount(port, ACCOUNT satisfies BenchAccount);
    }
    const cookies = await signInSessions(port, ACCOUNT, Math.max(...settings.connections));
    const cookieOf = (index: number) => cookies[index % cookies.length]!;
    const targets = await readTargets(pool, ACCOUNT.email);
    log(
      `Lends book ${count(targets.lendable.length)} lendable assets from ${addDays(targets.today, LEND_AHEAD_DAYS)} on; ` +
        `refused lends ask ${targets.lentOut.length} assets out today; asset-detail's assets have ${targets.detailHistory}`,
    );
    const nextLend = lendSlots(targets);
    const cases = [];
    for (const benchCase of benchCases(targets, nextLend)) {
      const rounds: CapturedRounds[] = [];
      for (const service of benchCase.services ?? []) rounds.push(await captureSql(pool, service));
      cases.push({ ...benchCase, rounds });
    }
    await describeAnswers(port, cookieOf(0), cases);
    if (settings.explain) {
      for (const benchCase of cases) {
        if (!benchCase.rounds[0]) continue;
        log(`\n=== ${benchCase.name}: ${benchCase.paths[0]}`);
        for (const plan of await explainRounds(pool, benchCase.rounds[0])) log(`${plan}\n`);
      }
    }

    backends = await databaseBackends(scratch.url);
    const databasePids = backends.pids;
    for (const benchCase of cases) {
      for (const connections of settings.connections) {
        for (const mode of settings.modes) {
          const run = { benchCase: benchCase.name, mode, connections };
          if (benchCase.write) {
            if (mode !== 'api') continue;
            const write = benchCase.write;
            figures.rows.push(
              await measure(
                {
                  ...run,
                  expected: [benchCase.writeStatus ?? '200'],
                  connect: (i) => httpWriteConnection(port, write(i), { Cookie: cookieOf(i) }),
                },
                appPids,
                databasePids,
              ),
            );
            continue;
          }
          const connect =
            mode === 'sql'
              ? (i: number) =>
                  inTurn(
                    benchCase.rounds.map((rounds) => sqlConnection(pool, rounds)),
                    i,
                  )
              : (i: number) => {
                  let next = i;
                  return httpConnection(port, () => benchCase.paths[next++ % benchCase.paths.length]!, {
                    Cookie: cookieOf(i),
                  });
                };
          figures.rows.push(
            await measure(
              { ...run, expected: [mode === 'sql' ? 'ok' : '200'], connect },
              appPids,
              databasePids,
            ),
          );
        }
      }
    }

    // The poller's statements are not the lends': it stops first.
    await backends.stop();
    backends = undefined;
    // In-process, on one connection: a lend's own PostgreSQL time.
    if (settings.lendRuns > 0) {
      const kinds: [CaseName, () => Record<string, unknown>][] = [
        ['lend', () => nextLend(false)],
        ['lend-ticket', () => nextLend(true)],
        ['lend-refused', refusedLends(targets)],
      ];
      for (const [name, body] of kinds) {
        if (!settings.cases.includes(name)) continue;
        const spans = await lendInProcess(scratch.url, targets.runner.id, body);
        figures.lends.push({ name, spans });
        const backend = stats(spans.map((span) => span.backendMs));
        log(
          `${name} [in-process, 1 conn]: ${spans.length} lends, PostgreSQL backend CPU mean ${ms(backend.mean)} p50 ${ms(backend.p50)} p99 ${ms(backend.p99)} ms`,
        );
      }
    }

    const appLog = app.logged();
    if (appLog.total > 0) {
      log(
        `\nThe app logged ${appLog.total} lines; the first ${appLog.lines.length}:\n${appLog.lines.join('\n')}`,
      );
    }
    log(`\n${await benchEnvironment(pool, settings)}\n`);
    log(figuresTable(figures.rows));
    log(`\nThe API against the same SQL run directly through pg:\n${apiToSqlTable(figures.rows)}`);
    log(`\nCPU per request, over the measured window (from /proc):\n${cpuPerRequestTable(figures.rows)}`);
    log(`\nPostgreSQL CPU per request: this database's processes, and every postgres process on the server:`);
    log(postgresTable(figures.rows));
    if (figures.lends.length > 0) {
      log(`\nLends in-process on one connection (ms; ${settings.lendRuns} each after ${LEND_WARMUP_RUNS}):`);
      log(lendTable(figures.lends));
      for (const { name, spans } of figures.lends) {
        log(`\n${name}'s statements, each timed from its call to its answer:\n${lendStatementsTable(spans)}`);
      }
    }
    log(
      `\n#### Summary at ${count(size.assets)} assets and ${count(size.loans)} loans (the issue's targets are for 20,000 and 500,000)\n`,
    );
    log(summary(figures));
    return figures;
  } finally {
    await backends?.stop();
    await app?.stop();
    await pool.end();
    await scratch.close();
  }
}

/** For each case, mode and connection count measured at every size: its figures side by side. */
function growth(all: readonly SizeFigures[]): void {
  if (all.length < 2) return;
  const label = (figures: SizeFigures) => `${count(figures.size.assets)} / ${count(figures.size.loans)}`;
  const rows: string[][] = [];
  for (const row of all[0]!.rows) {
    const same = all.map((figures) =>
      figures.rows.find(
        (other) =>
          other.case === row.case &&
          other.mode === row.mode &&
          other.result.connections === row.result.connections,
      ),
    );
    if (same.some((other) => !other)) continue;
    const p = (q: number) => same.map((other) => ms(percentile(other!.result.latencies, q), 1)).join(' → ');
    rows.push([row.case, row.mode, String(row.result.connections), p(50), p(99)]);
  }
  log(`\n## Growth (assets / loans: ${all.map(label).join(' → ')})\n`);
  log(markdownTable(['case', 'mode', 'conns', 'p50 ms', 'p99 ms'], rows, (column) => column < 2));
  const lends = all[0]!.lends.map(({ name }) => [
    name,
    all
      .map((figures) =>
        ms(stats(figures.lends.find((each) => each.name === name)?.spans.map((s) => s.backendMs) ?? []).mean),
      )
      .join(' → '),
  ]);
  if (lends.length > 0) {
    log('');
    log(markdownTable(['in-process lend', 'PG backend mean ms'], lends, (column) => column === 0));
  }
}

async function main(): Promise<void> {
  const all: SizeFigures[] = [];
  const list = sizes();
  for (const size of list) all.push(await runSize(size, list.length > 1));
  growth(all);
}

await main();
