/**
 * PostgreSQL restarted (or lost) under load, seen by a running app. The machine's PostgreSQL is shared
 * by other tests, so it is never restarted: the app reaches it through a TCP proxy (tcp-proxy.ts) that
 * plays the server's part in a restart — connections cut, then refused, then "starting up" (57P03) —
 * and an unreachable host (connections never answered). One variant ends the app's backends with
 * pg_terminate_backend, as a real fast shutdown does (57P01).
 *
 * The app is a child process started from source (app-process.ts), as production runs it: the real
 * start path, its pool, session store and sync job; a crash caused by a lost connection shows as the
 * process ending, not as an error inside the test runner, and "recovers by itself" means the same
 * process, never restarted.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseNotes } from '@shared/notes';
import { CONNECT_TIMEOUT_MS } from '../../db/pool';
import type { OpenDatabase } from '../../db/database';
import { openTestDatabase } from '../test-database';
import { startAppProcess, type AppProcess } from './app-process';
import { hasPostgresServer } from './app-storage';
import {
  call,
  isSuccess,
  ms,
  percentile,
  signUpAndIn,
  startLoad,
  ticketInput,
  waitFor,
  type LoadRecord,
  type PlannedRequest,
} from './fault-support';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

const APP_NAME = 'helpdesk_fault_app';
const POOL_SIZE = 8;
/**
 * A request answered while the database is away must not take longer than this: far below the pool's
 * 10 s wait, with room for one reconnect attempt meeting the 2 s connect timeout on two busy cores.
 */
const FAIL_FAST_MS = 3_000;
/** The same while new connections hang: the connect timeout, plus scheduling on two busy cores. */
const FAIL_FAST_UNREACHABLE_MS = CONNECT_TIMEOUT_MS + 1_500;
/** From the database's return to the first request it serves again. */
const RECOVERY_MS = 3_000;

interface Phase {
  name: string;
  from: number;
  to: number;
}

describe.skipIf(!hasPostgresServer())(
  'database restart under load (PostgreSQL server only: the embedded database lives inside the app process)',
  () => {
    let database: OpenDatabase;
    let proxy: TcpProxy;
    let app: AppProcess;
    let cookie: string;
    const noteTickets: string[] = [];

    beforeAll(async () => {
      database = await openTestDatabase();
      const direct = new URL(String(database.pool.options.connectionString));
      proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      const viaProxy = new URL(direct);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      viaProxy.searchParams.set('application_name', APP_NAME);
      app = await startAppProcess({
        databaseUrl: viaProxy.toString(),
        env: { DB_POOL_SIZE: String(POOL_SIZE), HARVEST_SYNC_INTERVAL_MS: '500' },
      });
      cookie = await signUpAndIn(app.port);
      for (let i = 0; i < 4; i++) {
        const created = await call(app.port, 'POST', '/api/tickets', { cookie, body: ticketInput('Notes') });
        noteTickets.push((created.body as { ticket: { id: string } }).ticket.id);
      }
    });

    afterAll(async () => {
      await app?.stop();
      await proxy?.close();
      await database?.close();
    });

    /** Writes (new tickets, notes) and the SPA's polled reads, round robin. */
    function plan(worker: number, sequence: number): PlannedRequest {
      switch ((worker + sequence) % 4) {
        case 0: {
          const body = ticketInput('Restart');
          return {
            op: 'create',
            method: 'POST',
            path: '/api/tickets',
            body,
            meta: { subject: body.subject },
          };
        }
        case 1:
          return { op: 'list', method: 'GET', path: '/api/tickets?limit=20' };
        case 2: {
          const ticketId = noteTickets[sequence % noteTickets.length]!;
          const text = `note ${worker}-${sequence}-${process.hrtime.bigint()}`;
          return {
            op: 'note',
            method: 'POST',
            path: `/api/tickets/${ticketId}/notes`,
            body: { text },
            meta: { ticketId, text },
          };
        }
        default:
          return { op: 'stats', method: 'GET', path: '/api/dashboard/stats' };
      }
    }

    it(
      'when the database restarts, is lost or ends its backends, then requests fail fast with 503, the app recovers by itself and no acknowledged write is lost',
      { timeout: 90_000 },
      async () => {
        const load = startLoad({ port: app.port, cookie, workers: 6, plan });
        const phases: Phase[] = [];
        const recoveries: Record<string, number> = {};
        const successes = () => load.records.filter(isSuccess).length;
        const answeredSince = (since: number, status?: number) =>
          load.records.filter((r) => r.startedAt >= since && (status === undefined || r.status === status))
            .length;

        /** Waits until requests sent after `since` succeed again; records how long that took. */
        async function recovered(name: string, since: number) {
          await waitFor(() => load.records.some((r) => r.startedAt >= since && isSuccess(r)), {
            timeoutMs: 15_000,
            what: `a request to succeed after "${name}"`,
          });
          const first = Math.min(
            ...load.records.filter((r) => r.startedAt >= since && isSuccess(r)).map((r) => r.endedAt),
          );
          recoveries[name] = first - since;
          const before = successes();
          await waitFor(() => successes() >= before + 10, {
            timeoutMs: 15_000,
            what: `steady load after "${name}"`,
          });
        }

        try {
          await waitFor(() => successes() >= 20, { timeoutMs: 15_000, what: 'the load to warm up' });

          // A restart: connections cut, port closed for a while, then 57P03 while "starting up".
          const downAt = performance.now();
          await proxy.down();
          await waitFor(() => answeredSince(downAt, 503) >= 20 && performance.now() - downAt >= 1_500, {
            timeoutMs: 15_000,
            what: '503s while the database is down',
          });
          const startingAt = performance.now();
          proxy.setMode('starting-up');
          await proxy.up();
          await waitFor(() => answeredSince(startingAt, 503) >= 10, {
            timeoutMs: 15_000,
            what: '503s while the database starts up',
          });
          const upAt = performance.now();
          proxy.setMode('forward');
          phases.push(
            { name: 'refused', from: downAt, to: startingAt },
            { name: 'starting-up', from: startingAt, to: upAt },
          );
          await recovered('restart', upAt);

          // A fast shutdown's first step, on the real server: every backend of the app is terminated.
          const admin = new pg.Client({ connectionString: String(database.pool.options.connectionString) });
          await admin.connect();
          try {
            for (let round = 0; round < 3; round++) {
              const terminateAt = performance.now();
              // Two statements: in one, PostgreSQL may call pg_terminate_backend before testing the
              // name, and end every backend on the server, other tests' included.
              const { rows: backends } = await admin.query<{ pid: number }>(
                'SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
                [APP_NAME],
              );
              const { rows } = await admin.query<{ terminated: number }>(
                'SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS terminated FROM unnest($1::int[]) AS pid',
                [backends.map((backend) => backend.pid)],
              );
              expect(rows[0]?.terminated).toBeGreaterThan(0);
              await recovered(`terminate ${round + 1}`, terminateAt);
              phases.push({ name: 'terminated', from: terminateAt, to: performance.now() });
            }
          } finally {
            await admin.end();
          }

          // The host is gone: open connections die, new ones are accepted by nobody and never answered.
          const lostAt = performance.now();
          proxy.setMode('unresponsive');
          proxy.resetConnections();
          await waitFor(
            () => answeredSince(lostAt, 503) >= 10 && performance.now() - lostAt >= CONNECT_TIMEOUT_MS + 500,
            {
              timeoutMs: 20_000,
              what: '503s while the database is unreachable',
            },
          );
          const backAt = performance.now();
          proxy.setMode('forward');
          phases.push({ name: 'unreachable', from: lostAt, to: backAt });
          await recovered('unreachable', backAt);
        } catch (error) {
          throw new Error(`${(error as Error).message}\n${diagnostics(app, load.records)}`);
        } finally {
          await load.stop();
        }

        // The pool is whole again: as many requests as it has connections can each hold one at once
        // (each waits for a row lock the test holds). A connection lost for good would leave fewer.
        const poolAnswers = await withRowLocked(database, noteTickets[0]!, async () => {
          const blocked = Array.from({ length: POOL_SIZE }, (_, i) =>
            call(app.port, 'POST', `/api/tickets/${noteTickets[0]}/notes`, {
              cookie,
              body: { text: `capacity ${i}` },
            }),
          );
          let waiting = 0;
          await waitFor(
            async () => {
              const { rows } = await database.pool.query<{ waiting: number }>(
                `SELECT count(*)::int AS waiting FROM pg_stat_activity
               WHERE application_name = $1 AND wait_event_type = 'Lock'`,
                [APP_NAME],
              );
              waiting = rows[0]?.waiting ?? 0;
              return waiting === POOL_SIZE;
            },
            { timeoutMs: 5_000, what: `${POOL_SIZE} of the app's connections at once` },
          ).catch((error: Error) => {
            throw new Error(
              `${error.message}: the pool lost connections for good (${waiting} of ${POOL_SIZE} usable)`,
            );
          });
          return blocked;
        });
        expect((await Promise.all(poolAnswers)).map((answer) => answer.status)).toEqual(
          Array(POOL_SIZE).fill(201),
        );

        const records = load.records;
        const inPhase = (phase: Phase) =>
          records.filter((r) => r.startedAt >= phase.from && r.startedAt < phase.to);
        const summary = phases.map((phase) => {
          const during = inPhase(phase);
          const failed = during.filter((r) => !isSuccess(r));
          return `${phase.name}: ${during.length} requests, ${failed.length} answered 503 in p50 ${ms(
            percentile(
              failed.map((r) => r.ms),
              50,
            ),
          )} / max ${ms(Math.max(0, ...failed.map((r) => r.ms)))}`;
        });
        console.log(
          [
            `database restart: ${records.length} requests, ${records.filter(isSuccess).length} succeeded`,
            ...summary,
            `recovered (first success after the database came back): ${Object.entries(recoveries)
              .map(([name, value]) => `${name} ${ms(value)}`)
              .join(', ')}`,
          ].join('\n  '),
        );

        // The same process served throughout: nothing crashed, nothing was restarted.
        expect(app.exitStatus(), app.logs().slice(-20).join('\n')).toBeUndefined();

        // Every answer is a success or a 503 with Retry-After and a readable message: never a 500,
        // never a hang or a dropped connection.
        const unexpected = records.filter((r) => !isSuccess(r) && r.status !== 503);
        expect(unexpected.map(describeRecord)).toEqual([]);
        for (const r of records.filter((record) => record.status === 503)) {
          expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
          expect(r.body).toMatchObject({
            success: false,
            message: expect.stringMatching(/temporarily unavailable/),
          });
        }

        // Fast: no failed request waited for anything like a pool timeout.
        for (const phase of phases) {
          const bound = phase.name === 'unreachable' ? FAIL_FAST_UNREACHABLE_MS : FAIL_FAST_MS;
          const failed = inPhase(phase).filter((r) => !isSuccess(r));
          if (phase.name !== 'terminated') expect(failed.length, phase.name).toBeGreaterThan(0);
          expect(Math.max(0, ...failed.map((r) => r.ms)), `slowest 503 while ${phase.name}`).toBeLessThan(
            bound,
          );
        }
        for (const [name, value] of Object.entries(recoveries)) {
          expect(value, `recovery after ${name}`).toBeLessThan(RECOVERY_MS);
        }

        // Nothing acknowledged is lost.
        const created = records.filter((r) => r.op === 'create' && r.status === 201);
        const notes = records.filter((r) => r.op === 'note' && r.status === 201);
        expect(created.length).toBeGreaterThan(10);
        expect(notes.length).toBeGreaterThan(10);
        const { rows: ticketRows } = await database.pool.query<{
          id: string;
          subject: string;
          ticket_number: string;
        }>('SELECT id, subject, ticket_number FROM tickets WHERE id = ANY($1::uuid[])', [
          created.map((r) => (r.body as { ticket: { id: string } }).ticket.id),
        ]);
        const stored = new Map(ticketRows.map((row) => [row.id, row]));
        for (const r of created) {
          const answered = (r.body as { ticket: { id: string; ticketNumber: string } }).ticket;
          expect(stored.get(answered.id)).toMatchObject({
            subject: r.meta?.subject,
            ticket_number: answered.ticketNumber,
          });
        }
        const { rows: noteRows } = await database.pool.query<{
          id: string;
          notes: string | null;
          updated_at: Date;
        }>('SELECT id, notes, updated_at FROM tickets WHERE id = ANY($1::uuid[])', [noteTickets]);
        const storedNotes = new Set(
          noteRows.flatMap((row) => parseNotes(row.notes, row.updated_at).map((note) => note.text)),
        );
        const lostNotes = notes.map((r) => String(r.meta?.text)).filter((text) => !storedNotes.has(text));
        expect(lostNotes).toEqual([]);
      },
    );
  },
);

/** Runs `work` while another connection holds `ticketId`'s row lock; releases it after. */
async function withRowLocked<T>(
  database: OpenDatabase,
  ticketId: string,
  work: () => Promise<T>,
): Promise<T> {
  const locker = await database.pool.connect();
  try {
    await locker.query('BEGIN');
    await locker.query('SELECT 1 FROM tickets WHERE id = $1 FOR UPDATE', [ticketId]);
    return await work();
  } finally {
    await locker.query('ROLLBACK');
    locker.release();
  }
}

/** What a failing run shows: how the app ended, its last log lines, the last answers. */
function diagnostics(app: AppProcess, records: LoadRecord[]): string {
  const exit = app.exitStatus();
  return [
    `app: ${exit ? `exited (${exit.code ?? exit.signal})` : 'running'}; last log lines:`,
    ...app.logs().slice(-15),
    'last answers:',
    ...records.slice(-10).map(describeRecord),
  ].join('\n');
}

function describeRecord(r: LoadRecord): string {
  const body = typeof r.body === 'string' ? r.body.slice(0, 200) : JSON.stringify(r.body)?.slice(0, 200);
  return `${r.op} ${r.method} ${r.path} → ${r.status || r.error} in ${ms(r.ms)} ${body ?? ''}`;
}
