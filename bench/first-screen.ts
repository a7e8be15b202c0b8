/**
 * First-screen benchmark (issue 37, item 12): how long a signed-in agent's warm reload of /tickets
 * takes to show the list's rows, in Chromium, against the built client served as production serves
 * it. Seeds a scratch database (BENCH_TICKETS tickets, bench/lib/ticket-seed.ts), starts the app once
 * per build being compared, signs a browser context in on each, and reloads /tickets again and again,
 * the builds taking turns (reload 1 of A, of B, reload 2 of B, of A, …) so that whatever else the
 * machine does weighs on both alike. Each reload reports, from the page's own clock (navigation start
 * = 0) and its Resource Timing entries:
 *
 *   rows      the first ticket row on screen (checked on every animation frame)
 *   list      when GET /api/tickets started, and when its answer had arrived
 *   user      when GET /api/auth/user started
 *   requests  how many list requests the reload made (one: the first screen asks for the list once)
 *   busy      the new page's main-thread task time up to its rows (CDP Performance TaskDuration)
 *
 * and the run prints each build's median and p90.
 *
 *   npm run build && npm run bench -- first-screen
 *   BENCH_BUILDS=before=/tmp/old/dist/public,after=dist/public npm run bench -- first-screen
 *
 * Settings: BENCH_BUILDS (comma-separated label=folder of a built client, default current=dist/public;
 * build another commit with `vite build --outDir`), BENCH_RELOADS (30 measured per build),
 * BENCH_WARMUP_RELOADS (3 per build, not counted: the HTTP cache and the app warm up),
 * BENCH_SETTLE_MS (500: the page runs on that long after its rows before the next reload),
 * BENCH_CPU_SLOWDOWN (1: Chromium's CPU throttling, to mimic a slower machine), BENCH_TICKETS (10000),
 * BENCH_AGENTS (20), DATABASE_URL (a loopback database whose name contains "bench"; default
 * helpdesk_bench_first_screen, created and dropped), BENCH_KEEP_DATABASE=1, CHROMIUM_PATH
 * (/usr/bin/chromium), BENCH_TRACE=1 (after the figures, one more reload of each build with every
 * request's start and end: where the time goes).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { runMigrations } from '../server/db/migrate';
import { startApp, type AppProcess } from './lib/app-process';
import { flagOption, intOption } from './lib/options';
import { markdownTable, percentile } from './lib/report';
import { openScratchDatabase, scratchDatabaseUrl, scratchPool } from './lib/scratch-database';
import { registerAccount } from './lib/session';
import { seedTickets } from './lib/ticket-seed';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';

const settings = {
  builds: buildsOption(process.env.BENCH_BUILDS || 'current=dist/public'),
  reloads: intOption('BENCH_RELOADS', 30, { min: 1, max: 10_000 }),
  warmupReloads: intOption('BENCH_WARMUP_RELOADS', 3, { min: 0, max: 100 }),
  settleMs: intOption('BENCH_SETTLE_MS', 500, { min: 0, max: 60_000 }),
  cpuSlowdown: intOption('BENCH_CPU_SLOWDOWN', 1, { min: 1, max: 20 }),
  tickets: intOption('BENCH_TICKETS', 10_000, { min: 100, max: 20_000_000 }),
  agents: intOption('BENCH_AGENTS', 20, { min: 1, max: 10_000 }),
  keep: flagOption('BENCH_KEEP_DATABASE'),
  trace: flagOption('BENCH_TRACE'),
};
const ACCOUNT = { email: 'bench.runner@bench.example.com', password: 'bench-runner-password' };
const log = (line: string) => console.log(line);

interface Build {
  label: string;
  dir: string;
}

function buildsOption(raw: string): Build[] {
  return raw.split(',').map((entry) => {
    const [label, dir] = entry.split('=');
    if (!label || !dir) throw new Error(`BENCH_BUILDS: "${entry}" is not label=folder`);
    const resolved = path.resolve(dir);
    if (!fs.existsSync(path.join(resolved, 'index.html'))) {
      throw new Error(`BENCH_BUILDS: ${resolved} holds no built client (run npm run build)`);
    }
    return { label, dir: resolved };
  });
}

/** One reload's figures, in ms from its navigation start. */
interface Reload {
  rowsAt: number;
  listStart: number;
  listEnd: number;
  userStart: number;
  listRequests: number;
  busyMs: number;
}

/** A build under test: its app, and a signed-in page on it. */
interface Subject {
  build: Build;
  app: AppProcess;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  reloads: Reload[];
}

// The in-page code is text: tsx's transform would give its inner functions a `__name` helper the page
// does not have.

/** In the page: the time (page clock) of the first frame that shows a ticket row. */
const FIRST_ROW_FRAME = `new Promise((resolve) => {
  const check = () => {
    const row = [...document.querySelectorAll('tbody tr:not([data-testid="ticket-skeleton-row"])')].find(
      (element) => /T-\\d/.test(element.textContent ?? '') && element.getBoundingClientRect().height > 0,
    );
    if (row) resolve(performance.now());
    else requestAnimationFrame(check);
  };
  check();
})`;

/** In the page: the Resource Timing of the first screen's API requests. */
const REQUEST_TIMINGS = `(() => {
  const entries = performance.getEntriesByType('resource');
  const lists = entries.filter((entry) => new URL(entry.name).pathname === '/api/tickets');
  const user = entries.find((entry) => new URL(entry.name).pathname === '/api/auth/user');
  return {
    listStart: lists[0]?.startTime ?? NaN,
    listEnd: lists[0]?.responseEnd ?? NaN,
    userStart: user?.startTime ?? NaN,
    listRequests: lists.length,
  };
})()`;

/** In the page: every request of the document, as [start, end, path] (the BENCH_TRACE listing). */
const TIMELINE = `performance.getEntriesByType('resource').map((entry) => [
  Math.round(entry.startTime),
  Math.round(entry.responseEnd),
  new URL(entry.name).pathname + new URL(entry.name).search,
])`;

interface RequestTimings {
  listStart: number;
  listEnd: number;
  userStart: number;
  listRequests: number;
}

async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
}

async function measureReload(subject: Subject): Promise<Reload> {
  await subject.page.reload({ waitUntil: 'commit' });
  const rowsAt = await subject.page.evaluate<number>(FIRST_ROW_FRAME);
  // Chromium counts the page's task time afresh for each document: this is the reload's own.
  const busyMs = (await taskSeconds(subject.cdp)) * 1000;
  const timings = await subject.page.evaluate<RequestTimings>(REQUEST_TIMINGS);
  await subject.page.waitForTimeout(settings.settleMs);
  return { rowsAt, ...timings, busyMs };
}

async function openSubject(browser: Browser, build: Build, app: AppProcess): Promise<Subject> {
  const context = await browser.newContext({
    baseURL: `http://127.0.0.1:${app.port}`,
    viewport: { width: 1366, height: 900 },
  });
  context.setDefaultTimeout(30_000);
  const login = await context.request.post('/api/login', { data: ACCOUNT });
  if (login.status() !== 200) throw new Error(`signing in on ${build.label} answered ${login.status()}`);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  if (settings.cpuSlowdown > 1)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: settings.cpuSlowdown });
  await page.goto('/tickets');
  await page.evaluate(FIRST_ROW_FRAME);
  return { build, app, context, page, cdp, reloads: [] };
}

const sortedOf = (values: number[]) => Float64Array.from(values.filter(Number.isFinite)).sort();
const fmt = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '–');

function summaryTable(subjects: Subject[]): string {
  const header = [
    'build',
    'reloads',
    'rows p50',
    'rows p90',
    'list start p50',
    'list start p90',
    'list answered p50',
    'user start p50',
    'list requests',
    'busy p50',
  ];
  const rows = subjects.map(({ build, reloads }) => {
    const of = (pick: (reload: Reload) => number) => sortedOf(reloads.map(pick));
    const requests = [...new Set(reloads.map((reload) => reload.listRequests))].join('/');
    return [
      build.label,
      String(reloads.length),
      fmt(
        percentile(
          of((r) => r.rowsAt),
          50,
        ),
      ),
      fmt(
        percentile(
          of((r) => r.rowsAt),
          90,
        ),
      ),
      fmt(
        percentile(
          of((r) => r.listStart),
          50,
        ),
      ),
      fmt(
        percentile(
          of((r) => r.listStart),
          90,
        ),
      ),
      fmt(
        percentile(
          of((r) => r.listEnd),
          50,
        ),
      ),
      fmt(
        percentile(
          of((r) => r.userStart),
          50,
        ),
      ),
      requests,
      fmt(
        percentile(
          of((r) => r.busyMs),
          50,
        ),
      ),
    ];
  });
  return markdownTable(header, rows, (column) => column === 0 || column === 8);
}

async function main(): Promise<void> {
  const url = scratchDatabaseUrl('postgres://postgres@127.0.0.1:5432/helpdesk_bench_first_screen');
  const scratch = await openScratchDatabase(url, { keep: settings.keep });
  const apps: AppProcess[] = [];
  let browser: Browser | undefined;
  try {
    const setup = scratchPool(scratch.url, { max: 2 });
    try {
      await runMigrations(setup, { lock: true });
      const { rows } = await setup.query<{ n: number }>('SELECT count(*)::int AS n FROM tickets');
      if (rows[0]!.n === 0) {
        log(`Seeding ${settings.tickets} tickets and ${settings.agents} agents:`);
        await seedTickets(scratch.url, { tickets: settings.tickets, agents: settings.agents, log });
      }
    } finally {
      await setup.end();
    }

    // One app per build, on the same database and session secret, so one sign-in serves them all.
    const sessionSecret = crypto.randomBytes(32).toString('hex');
    for (const build of settings.builds) {
      apps.push(
        await startApp({
          databaseUrl: scratch.url,
          env: {
            BENCH_SPA_DIR: build.dir,
            APP_PROCESSES: '1',
            BCRYPT_COST: '4',
            SESSION_SECRET: sessionSecret,
          },
        }),
      );
    }
    try {
      await registerAccount(apps[0]!.port, ACCOUNT);
    } catch (error) {
      if (!settings.keep) throw error; // A kept database has the account already.
    }

    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    const subjects: Subject[] = [];
    for (const [index, build] of settings.builds.entries()) {
      subjects.push(await openSubject(browser, build, apps[index]!));
    }
    log(
      `CPU: ${os.cpus()[0]?.model ?? 'unknown'} × ${os.cpus().length}, load average ${os.loadavg()[0]?.toFixed(1)} at the start; ` +
        `Chromium ${browser.version()}, CPU slowdown ${settings.cpuSlowdown}×; ` +
        `${settings.warmupReloads} warm-up + ${settings.reloads} measured reloads of /tickets per build, taking turns`,
    );
    for (let round = 0; round < settings.warmupReloads + settings.reloads; round++) {
      // Alternate who goes first, so neither build always follows the other's leftovers.
      const order = round % 2 === 0 ? subjects : [...subjects].reverse();
      for (const subject of order) {
        const reload = await measureReload(subject);
        if (round >= settings.warmupReloads) subject.reloads.push(reload);
      }
    }
    log(`load average ${os.loadavg()[0]?.toFixed(1)} at the end\n`);
    log('Milliseconds from navigation start (median and 90th percentile):\n');
    log(summaryTable(subjects));
    if (settings.trace) {
      log('');
      for (const subject of subjects) {
        const { rowsAt } = await measureReload(subject);
        const requests = await subject.page.evaluate<[number, number, string][]>(TIMELINE);
        log(
          `One more reload of ${subject.build.label}: rows at ${rowsAt.toFixed(0)} ms; its requests (start, end, path):`,
        );
        for (const [start, end, url] of requests)
          log(`  ${String(start).padStart(5)} ${String(end).padStart(5)}  ${url}`);
        log('');
      }
    }
  } finally {
    await browser?.close();
    await Promise.all(apps.map((app) => app.stop()));
    await scratch.close();
  }
}

await main();
