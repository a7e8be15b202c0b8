/**
 * The production entry as several processes (server/cluster.ts), in a real child process: a primary
 * and its workers on one PostgreSQL database. The embedded database always runs one process, so the
 * file runs only with a PostgreSQL server (TEST_DATABASE_URL), as CI has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from './test/faults/app-process';
import { hasPostgresServer, openAppStorage, type AppStorage } from './test/faults/app-storage';
import { call, signUpAndIn, ticketInput, waitFor } from './test/faults/fault-support';

const WORKER_READY = /Help desk ready at .*process (\d+), pid (\d+)\)/;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A line the app logged, as pino writes it (JSON); undefined for any other text. */
interface LogLine {
  level: string;
  pid: number;
  msg: string;
  route?: string;
}

function parsed(line: string): LogLine | undefined {
  try {
    return JSON.parse(line) as LogLine;
  } catch {
    return undefined;
  }
}

/** The pids whose logged lines pass `matches`. */
function pidsLogging(app: AppProcess, matches: (line: LogLine) => boolean): Set<number> {
  const pids = new Set<number>();
  for (const line of app.logs().map(parsed)) if (line && matches(line)) pids.add(line.pid);
  return pids;
}

/** The pid of each worker that said it was ready, by its cluster id. */
function readyWorkers(app: AppProcess): Map<number, number> {
  const workers = new Map<number, number>();
  for (const line of app.logs()) {
    const match = WORKER_READY.exec(line);
    if (match) workers.set(Number(match[1]), Number(match[2]));
  }
  return workers;
}

describe.skipIf(!hasPostgresServer())('the app as a primary and two workers (APP_PROCESSES=2)', () => {
  let storage: AppStorage;
  let app: AppProcess;

  beforeAll(async () => {
    // A fresh database: pg-boss's schema and the job queues do not exist yet, so both workers create them.
    storage = await openAppStorage();
    app = await startAppProcess({
      ...storage.appOptions,
      entry: 'cluster',
      env: {
        APP_PROCESSES: '2',
        // Which worker answered a request (its request line) and ran a job (its debug line, every second).
        LOG_REQUESTS: 'true',
        LOG_LEVEL: 'debug',
        SLA_ALERT_CHECK_SECONDS: '1',
        LOAN_OVERDUE_CHECK_SECONDS: '1',
      },
    });
    await waitFor(() => readyWorkers(app).size === 2, { timeoutMs: 30_000, what: 'two ready workers' });
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await storage?.close();
  });

  it('when two workers start on a fresh database, then neither logs an error, and both serve requests and run jobs', async () => {
    const workers = new Set(readyWorkers(app).values());
    const started = (line: LogLine) => line.msg.startsWith('Background jobs started');
    await waitFor(() => pidsLogging(app, started).size === 2, {
      timeoutMs: 30_000,
      what: 'both workers to start their jobs',
    });
    // New connections are spread over the workers.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(app.port, 'GET', '/api/auth/user')),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(401));
    const served = (line: LogLine) => line.route === '/api/auth/user';
    await waitFor(() => pidsLogging(app, served).size === 2, {
      timeoutMs: 5_000,
      what: 'both workers to answer',
    });
    const ranJob = (line: LogLine) => line.msg.startsWith('Job ');
    await waitFor(() => pidsLogging(app, ranJob).size === 2, {
      timeoutMs: 15_000,
      what: 'both workers to run a job',
    });
    expect(pidsLogging(app, ranJob)).toEqual(workers);
    const errors = app.logs().filter((line) => parsed(line)?.level === 'error' || /deadlock/i.test(line));
    expect(errors).toEqual([]);
  }, 60_000);

  it('starts two workers on one port, and a session made on one is good on every one', async () => {
    expect(app.logs().some((line) => line.includes('Starting 2 app processes'))).toBe(true);
    const cookie = await signUpAndIn(app.port);
    // New connections are spread over the workers; each must know the session from PostgreSQL.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(app.port, 'GET', '/api/auth/user', { cookie })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
  });

  it('replaces a worker that dies, and keeps serving meanwhile', async () => {
    const cookie = await signUpAndIn(app.port);
    const [victim] = [...readyWorkers(app).values()];
    if (!victim) throw new Error('no worker said it was ready');
    process.kill(victim, 'SIGKILL');
    await waitFor(() => [...readyWorkers(app).keys()].some((id) => id > 2), {
      timeoutMs: 30_000,
      what: 'a replacement worker',
    });
    // The primary logs the exit on stderr, the replacement its start on stdout: either may be read first.
    await waitFor(() => app.logs().some((line) => line.includes(`App process ${victim} exited (SIGKILL)`)), {
      timeoutMs: 5_000,
      what: 'the exit logged',
    });
    const created = await call(app.port, 'POST', '/api/tickets', {
      cookie,
      body: ticketInput('After a worker died'),
    });
    // What the processes said is the only clue to why a request found no worker.
    expect(created.status, app.logs().slice(-40).join('\n')).toBe(201);
    expect(app.exitStatus()).toBeUndefined();
  }, 60_000);

  it('on SIGTERM, the primary stops every worker and exits 0', async () => {
    const workers = [...readyWorkers(app).values()].filter(isAlive);
    expect(workers.length, app.logs().slice(-40).join('\n')).toBe(2);
    app.signal('SIGTERM');
    const exit = await app.exited;
    expect(exit.code).toBe(0);
    await waitFor(() => workers.every((pid) => !isAlive(pid)), { timeoutMs: 10_000, what: 'workers to end' });
  }, 30_000);
});
