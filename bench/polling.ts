/**
 * Polling benchmark: a help desk of 1,000,000 tickets, 100 agents, 1,000,000 time entries and 10,000
 * loans (bench/lib/ticket-seed.ts, made inside PostgreSQL), and 2,000 simulated agents with the SPA
 * open, each polling exactly as the SPA does (bench/lib/polling-agents.ts):
 *
 *   ticket list     GET /api/tickets (the default view, or the agent's own tickets)  every 10 s
 *   stats           GET /api/dashboard/stats                                        every 10 s
 *   ticket counts   GET /api/users/ticket-counts                                    every 10 s
 *   users           GET /api/users                                                  every 30 s
 *   check-updates   GET /api/tickets/:id/check-updates?since=… (one open ticket)     every 7 s
 *                   (it also records the agent as a viewer and answers who else is: presence)
 *   notifications   GET /api/notifications (the bell; each account has BENCH_NOTICES)  every 10 s
 *
 * with ETags (If-None-Match), plus a trickle of writes by random agents (a note, a status change, a
 * new ticket, in turn). The app runs as production does: one process per core (APP_PROCESSES=auto)
 * on the scratch database. Prints p50/p95/p99 latency, throughput and errors per endpoint, and the CPU
 * and memory of the app's processes, of PostgreSQL and of the load generator.
 *
 *   npm run bench -- polling
 *
 * Settings: DATABASE_URL (a loopback database whose name contains "bench"; default
 * helpdesk_bench_polling), BENCH_POLLING_AGENTS (2000), BENCH_TICKETS (1000000), BENCH_AGENTS (100
 * user accounts), BENCH_TIME_ENTRIES (1000000), BENCH_LOANS (10000), BENCH_SECONDS (60 measured),
 * BENCH_NOTICES (500 notifications per account, a fifth unread), BENCH_WARMUP_SECONDS (60: every agent has loaded everything once and the queue of those first
 * loads has drained), BENCH_WRITES_PER_SECOND (5),
 * APP_PROCESSES (auto), DB_POOL_SIZE (per app process, 10), BENCH_KEEP_DATABASE=1 (keep and reuse the
 * seeded database), BENCH_PROFILE_DIR (CPU profiles of the app's processes, for Chrome's DevTools). Exits non-zero when any request failed or a target was missed (p99 ≥ 100 ms).
 */
import os from 'node:os';
import bcrypt from 'bcrypt';
import pg from 'pg';
import { DEFAULT_LIST_STATUSES, DEFAULT_PAGE_SIZE, POLL_INTERVALS_MS } from '@shared/constants';
import { toTicketListQuery } from '@shared/contracts/tickets';
import { runMigrations } from '../server/db/migrate';
import { startApp, type AppProcess } from './lib/app-process';
import { flagOption, intOption, numberOption } from './lib/options';
import {
  simulateAgents,
  type EndpointFigures,
  type PollTarget,
  type WriteAction,
} from './lib/polling-agents';
import { pidsNamed, watchUsage } from './lib/process-usage';
import { markdownTable, percentile } from './lib/report';
import { seedOnce } from './lib/kept-seed';
import { openScratchDatabase, scratchDatabaseUrl, scratchPool } from './lib/scratch-database';
import { signIn } from './lib/session';
import { seedLoans, seedTickets, seedTimeEntries, timed } from './lib/ticket-seed';

const settings = {
  pollingAgents: intOption('BENCH_POLLING_AGENTS', 2_000, { min: 1, max: 20_000 }),
  tickets: intOption('BENCH_TICKETS', 1_000_000, { min: 1_000, max: 20_000_000 }),
  accounts: intOption('BENCH_AGENTS', 100, { min: 1, max: 10_000 }),
  timeEntries: intOption('BENCH_TIME_ENTRIES', 1_000_000, { min: 0, max: 20_000_000 }),
  loans: intOption('BENCH_LOANS', 10_000, { min: 0, max: 1_000_000 }),
  notices: intOption('BENCH_NOTICES', 500, { min: 0, max: 100_000 }),
  seconds: numberOption('BENCH_SECONDS', 60, { min: 5, max: 3_600 }),
  warmupSeconds: numberOption('BENCH_WARMUP_SECONDS', 60, { min: 0, max: 600 }),
  writesPerSecond: numberOption('BENCH_WRITES_PER_SECOND', 5, { min: 0, max: 1_000 }),
  poolSize: intOption('DB_POOL_SIZE', 10, { min: 1, max: 200 }),
  keep: flagOption('BENCH_KEEP_DATABASE'),
  profileDir: process.env.BENCH_PROFILE_DIR || undefined,
};
const P99_TARGET_MS = 100;
const SEED_VERSION = 2;
const AGENT_PASSWORD = 'bench-agent-password';
const log = (line: string) => console.log(line);

async function seedUnlessKept(url: string, reused: boolean, pool: pg.Pool): Promise<void> {
  await seedOnce(pool, {
    reused,
    parameters: { ...settings, version: SEED_VERSION },
    compared: ['tickets', 'accounts', 'timeEntries', 'loans', 'version'],
    what: `${settings.tickets} tickets, ${settings.accounts} agents, ${settings.timeEntries} time entries, ${settings.loans} loans`,
    seed: async () => {
      await seedTickets(url, { tickets: settings.tickets, agents: settings.accounts, log });
      await timed(log, `${settings.timeEntries} time entries`, () =>
        seedTimeEntries(url, settings.timeEntries),
      );
      await timed(log, `${settings.loans} loans`, () => seedLoans(url, settings.loans));
      // The seeded agents sign in with one password (a cheap hash: the sign-ins are not measured).
      await pool.query('UPDATE users SET password = $1', [await bcrypt.hash(AGENT_PASSWORD, 4)]);
    },
    log,
  });
}

/**
 * Each account's bell holds `BENCH_NOTICES` notices of seeded tickets, a fifth of them unread, spread
 * over the last 90 days. Made once per database (a kept one keeps them), apart from the seed marker.
 */
async function seedNoticesUnlessThere(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM notifications) AS any');
  if (rows[0]?.any || settings.notices === 0) return;
  await timed(log, `${settings.notices} notifications per agent`, async () => {
    await pool.query(
      `INSERT INTO notifications (user_id, kind, ticket_id, text, created_at, read_at)
       SELECT u.id, 'assigned', t.id, 'Bench Agent assigned ' || t.ticket_number || ' to you: ' || t.subject,
              now() - (n * interval '90 days' / $1), CASE WHEN n % 5 = 0 THEN NULL ELSE now() END
       FROM users u
       CROSS JOIN generate_series(1, $1) AS n
       JOIN LATERAL (SELECT id, ticket_number, subject FROM tickets OFFSET (n * 97) % 10000 LIMIT 1) t ON true`,
      [settings.notices],
    );
    await pool.query('ANALYZE notifications');
  });
}

/** One session per simulated agent, the agents spread over the seeded accounts, 16 sign-ins at a time. */
async function agentSessions(port: number, emails: string[]): Promise<string[]> {
  const cookies: string[] = new Array(settings.pollingAgents);
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let agent = next++; agent < settings.pollingAgents; agent = next++) {
        cookies[agent] = await signIn(port, {
          email: emails[agent % emails.length]!,
          password: AGENT_PASSWORD,
        });
      }
    }),
  );
  return cookies;
}

function pollTargets(
  accountIdOfAgent: (agent: number) => string,
  openTicketOfAgent: (agent: number) => string,
): PollTarget[] {
  const defaultView = toTicketListQuery({
    page: 1,
    limit: DEFAULT_PAGE_SIZE,
    status: [...DEFAULT_LIST_STATUSES],
  });
  const since = new Date().toISOString();
  return [
    {
      name: 'ticket list',
      intervalMs: POLL_INTERVALS_MS.ticketList,
      // Most agents watch the default view; one in four filters it to their own tickets.
      path: (agent) =>
        `/api/tickets?${new URLSearchParams(
          agent % 4 === 3 ? { ...defaultView, assigned_to: accountIdOfAgent(agent) } : defaultView,
        ).toString()}`,
    },
    { name: 'stats', intervalMs: POLL_INTERVALS_MS.dashboardStats, path: () => '/api/dashboard/stats' },
    {
      name: 'ticket counts',
      intervalMs: POLL_INTERVALS_MS.ticketCounts,
      path: () => '/api/users/ticket-counts',
    },
    { name: 'users', intervalMs: POLL_INTERVALS_MS.dashboardUsers, path: () => '/api/users' },
    {
      name: 'check-updates',
      intervalMs: POLL_INTERVALS_MS.ticketDetailUpdates,
      path: (agent) =>
        `/api/tickets/${openTicketOfAgent(agent)}/check-updates?${new URLSearchParams({ since, typing: 'false' }).toString()}`,
    },
    { name: 'notifications', intervalMs: POLL_INTERVALS_MS.notifications, path: () => '/api/notifications' },
  ];
}

function writeActions(ticketOf: (n: number) => string): WriteAction[] {
  return [
    {
      name: 'add note',
      expected: [201],
      request: (_agent, n) => ({
        method: 'POST',
        path: `/api/tickets/${ticketOf(n)}/notes`,
        body: { text: `Called the requester back (bench note ${n}).` },
      }),
    },
    {
      name: 'status change',
      expected: [200],
      request: (_agent, n) => ({
        method: 'PUT',
        path: `/api/tickets/${ticketOf(n)}`,
        body: { status: n % 2 === 0 ? 'in_progress' : 'open' },
      }),
    },
    {
      name: 'new ticket',
      expected: [201],
      request: (_agent, n) => ({
        method: 'POST',
        path: '/api/tickets',
        body: {
          subject: `Printer on floor ${n % 9} jams`,
          body: 'It jams on every second page since this morning.',
          fromEmail: `requester${n}@contoso.com`,
          fromName: `Requester ${n}`,
        },
      }),
    },
  ];
}

const ms = (value: number) => value.toFixed(1);

function endpointRow(entry: EndpointFigures, seconds: number): string[] {
  const statuses = [...entry.statuses].map(([status, count]) => `${status}×${count}`).join(' ');
  return [
    entry.name,
    String(entry.latencies.length),
    (entry.latencies.length / seconds).toFixed(0),
    ms(percentile(Float64Array.from(entry.latencies), 50)),
    ms(percentile(Float64Array.from(entry.latencies), 95)),
    ms(percentile(Float64Array.from(entry.latencies), 99)),
    ms(entry.latencies.at(-1) ?? 0),
    String(entry.errors),
    statuses,
  ];
}

async function main(): Promise<void> {
  const url = scratchDatabaseUrl('postgres://postgres@127.0.0.1:5432/helpdesk_bench_polling');
  const scratch = await openScratchDatabase(url, { keep: settings.keep });
  const pool = scratchPool(scratch.url, { max: 2 });
  let app: AppProcess | undefined;
  let failed = false;
  try {
    await runMigrations(pool, { lock: true });
    await seedUnlessKept(scratch.url, scratch.reused, pool);
    await seedNoticesUnlessThere(pool);

    app = await startApp({
      databaseUrl: scratch.url,
      env: { DB_POOL_SIZE: String(settings.poolSize), BCRYPT_COST: '4' },
      profileDir: settings.profileDir,
    });
    const { rows: accounts } = await pool.query<{ id: string; email: string }>(
      "SELECT id, email FROM users WHERE email LIKE '%@bench.example.com' ORDER BY email",
    );
    const { rows: openTickets } = await pool.query<{ id: string }>(
      `SELECT id FROM tickets WHERE status IN ('open', 'in_progress') ORDER BY created_at DESC LIMIT $1`,
      [Math.max(settings.pollingAgents, 1000)],
    );
    log(
      `App: ${app.pids.length} process(es), DB_POOL_SIZE=${settings.poolSize} each; signing in ${settings.pollingAgents} agents…`,
    );
    const cookies = await agentSessions(
      app.port,
      accounts.map((account) => account.email),
    );
    const targets = pollTargets(
      (agent) => accounts[agent % accounts.length]!.id,
      (agent) => openTickets[agent % openTickets.length]!.id,
    );
    const perSecond = targets.reduce((sum, target) => sum + 1000 / target.intervalMs, 0);
    log(
      `Simulating ${settings.pollingAgents} agents (≈${(perSecond * settings.pollingAgents).toFixed(0)} polls/s) ` +
        `and ${settings.writesPerSecond} writes/s: ${settings.warmupSeconds} s warm-up, ${settings.seconds} s measured`,
    );

    const appUsage = watchUsage(() => app!.pids);
    const postgresUsage = watchUsage(() => pidsNamed('postgres'));
    const generatorCpuBefore = process.cpuUsage();
    let measuredFrom = 0;
    const result = await simulateAgents({
      port: app.port,
      cookies,
      targets,
      writes: writeActions((n) => openTickets[n % openTickets.length]!.id),
      writesPerSecond: settings.writesPerSecond,
      warmupSeconds: settings.warmupSeconds,
      seconds: settings.seconds,
      progress: (answered, elapsed) => {
        if (measuredFrom === 0) {
          measuredFrom = elapsed;
          appUsage.start();
          postgresUsage.start();
        }
        if (Math.round(elapsed) % 10 === 0) log(`  ${elapsed.toFixed(0)} s: ${answered} answers`);
      },
    });
    const appFigures = appUsage.stop();
    const postgresFigures = postgresUsage.stop();
    const generatorCpu = process.cpuUsage(generatorCpuBefore);
    const generatorCores =
      (generatorCpu.user + generatorCpu.system) / 1e6 / (settings.warmupSeconds + settings.seconds);

    const all: EndpointFigures = {
      name: 'all requests',
      latencies: result.endpoints.flatMap((entry) => entry.latencies).sort((a, b) => a - b),
      statuses: new Map(),
      errors: result.endpoints.reduce((sum, entry) => sum + entry.errors, 0),
    };
    const rows = [...result.endpoints, all].map((entry) => endpointRow(entry, result.seconds));
    const appLog = app.logged();
    if (appLog.total > 0)
      log(`\nThe app logged ${appLog.total} lines; the first:\n${appLog.lines.join('\n')}`);
    log(
      `\nMachine: ${os.cpus()[0]?.model ?? 'unknown'} × ${os.cpus().length}, Node ${process.version}, ` +
        `load average ${os.loadavg()[0]?.toFixed(1)} (other work on the machine skews the figures)`,
    );
    log(
      `${settings.pollingAgents} agents, ${settings.seconds} s measured, ${settings.writesPerSecond} writes/s; ` +
        `app ${app.pids.length} process(es)\n`,
    );
    // When the slow answers happened: a steady queue, or bursts (a stall, a stampede)?
    const secondBySecond = result.timeline.map((second, i) => {
      const p99 = percentile(Float64Array.from(second), 99);
      return `${i}s ${second.length}/${p99.toFixed(0)}`;
    });
    log(`Requests sent / p99 ms, per second of the measured window:\n  ${secondBySecond.join('  ')}\n`);
    log(
      markdownTable(
        ['endpoint', 'requests', 'rps', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors', 'answers'],
        rows,
        (column) => column === 0 || column === 8,
      ),
    );
    log(
      `\nCPU (cores busy on average) and peak memory over the measured window:\n` +
        `  app processes: ${appFigures.cores.toFixed(2)} cores, ${appFigures.peakRssMiB.toFixed(0)} MiB RSS\n` +
        `  PostgreSQL (all its processes on the machine): ${postgresFigures.cores.toFixed(2)} cores, ` +
        `${postgresFigures.peakRssMiB.toFixed(0)} MiB RSS (shared buffers counted once per process)\n` +
        `  load generator (this process): ${generatorCores.toFixed(2)} cores; event-loop delay p99 ${ms(result.generatorLagP99Ms)} ms`,
    );
    const p99 = percentile(Float64Array.from(all.latencies), 99);
    const verdict = all.errors === 0 && p99 < P99_TARGET_MS;
    log(
      `\nTarget: every request p99 < ${P99_TARGET_MS} ms with no errors: ${verdict ? 'met' : 'MISSED'} ` +
        `(p99 ${ms(p99)} ms, ${all.errors} errors)`,
    );
    failed = !verdict;
  } finally {
    await app?.stop();
    await pool.end();
    await scratch.close();
  }
  if (failed) process.exitCode = 1;
}

await main();
