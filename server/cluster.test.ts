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
    storage = await openAppStorage();
    app = await startAppProcess({ ...storage.appOptions, entry: 'cluster', env: { APP_PROCESSES: '2' } });
    await waitFor(() => readyWorkers(app).size === 2, { timeoutMs: 30_000, what: 'two ready workers' });
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await storage?.close();
  });

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
