/**
 * SIGTERM (a deploy, a scale-down) while requests are under way. The slow requests are Close & Track
 * Time with Harvest answering slowly: after its commit the request pushes the entry and waits for
 * Harvest, as it does in production, so it is still open when the signal comes, deterministically
 * (the test sends the signal once the fake Harvest holds every push).
 *
 * The app is a real child process (app-process.ts) running server/server.ts's shutdown: it must
 * finish those requests (2xx, the entries synced), refuse new connections from the signal on, close
 * idle keep-alive connections, and exit 0 well within its 10 s drain window.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_HARVEST_ACCOUNT_ID,
  FAKE_HARVEST_TOKEN,
  startFakeHarvest,
  type FakeHarvest,
} from '../fake-harvest/server';
import { startAppProcess, type AppProcess } from './app-process';
import { hasPostgresServer, openAppStorage, type AppStorage } from './app-storage';
import { call, ms, signUpAndIn, ticketInput, waitFor, type Answer } from './fault-support';

const SLOW_CLOSES = 4;
const HARVEST_LATENCY_MS = 1_500;
/** server/server.ts closes every connection that is still open this long after the signal. */
const FORCED_CLOSE_MS = 10_000;

describe(`graceful drain on SIGTERM (${hasPostgresServer() ? 'PostgreSQL' : 'embedded database'})`, () => {
  let storage: AppStorage;
  let fake: FakeHarvest;
  let app: AppProcess | undefined;

  beforeAll(async () => {
    storage = await openAppStorage();
    fake = await startFakeHarvest();
  });

  afterAll(async () => {
    await app?.stop();
    await fake?.stop();
    await storage?.close();
  });

  it(
    'when SIGTERM comes while slow requests are under way, then they complete with 2xx, new connections are refused, and the process exits 0 within the drain window',
    { timeout: 90_000 },
    async () => {
      app = await startAppProcess({
        ...storage.appOptions,
        env: { HARVEST_BASE_URL: fake.url, HARVEST_TIMEOUT_MS: '5000', HARVEST_SYNC_INTERVAL_MS: '200' },
      });
      const { port } = app;
      const cookie = await signUpAndIn(port);
      const saved = await call(port, 'POST', '/api/settings', {
        cookie,
        body: {
          key: 'harvest_credentials',
          value: { accountId: FAKE_HARVEST_ACCOUNT_ID, accessToken: FAKE_HARVEST_TOKEN },
        },
      });
      expect(saved.status).toBe(200);
      // The pickers' lists are cached now, so each close makes exactly one (slow) Harvest call: its push.
      expect((await call(port, 'GET', '/api/harvest/projects', { cookie })).status).toBe(200);
      const ticketIds: string[] = [];
      for (let i = 0; i < SLOW_CLOSES; i++) {
        const created = await call(port, 'POST', '/api/tickets', { cookie, body: ticketInput('Drain') });
        ticketIds.push((created.body as { ticket: { id: string } }).ticket.id);
      }

      // A browser's idle keep-alive connection, and one that will carry a slow request.
      const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const busyAgent = new http.Agent({ keepAlive: true, maxSockets: SLOW_CLOSES });
      expect((await call(port, 'GET', '/api/auth/user', { cookie, agent: idleAgent })).status).toBe(200);
      expect((await call(port, 'GET', '/api/auth/user', { cookie, agent: busyAgent })).status).toBe(200);
      const idleSocketClosed = new Promise<void>((resolve) => {
        const sockets = Object.values(idleAgent.freeSockets).flat();
        expect(sockets).toHaveLength(1);
        sockets[0]!.once('close', () => resolve());
      });

      fake.controls.clearRequests();
      fake.controls.setLatency(HARVEST_LATENCY_MS);
      const closes: Promise<Answer>[] = ticketIds.map((id) =>
        call(port, 'POST', `/api/tickets/${id}/close`, {
          cookie,
          agent: busyAgent,
          body: { time_spent: 1.5, notes: 'Replaced the fuser', harvest_project_id: 3, harvest_task_id: 1 },
        }),
      );
      // Every close has committed and is waiting for Harvest.
      const pushesHeld = () =>
        fake.controls
          .requests()
          .filter((r) => r.method === 'POST' && r.path === '/v2/time_entries' && r.status === null).length;
      await waitFor(() => pushesHeld() === SLOW_CLOSES, {
        timeoutMs: 10_000,
        what: 'every close to reach Harvest',
      });

      const signalledAt = performance.now();
      app.signal('SIGTERM');
      await app.waitForLog(/SIGTERM received/);

      // From the signal on, nobody new gets in: a new connection is refused (one that reached the
      // listening socket's queue just before it closed is reset instead)…
      const late = await call(port, 'GET', '/api/auth/user', { cookie });
      expect(late.status).toBe(0);
      expect(['ECONNREFUSED', 'ECONNRESET']).toContain(late.error);
      expect((await call(port, 'GET', '/api/auth/user', { cookie })).error).toBe('ECONNREFUSED');
      // …and idle keep-alive connections are closed, so they can neither hold the drain nor carry a request.
      await idleSocketClosed;

      // The requests under way finish normally, their entries pushed to Harvest.
      const answers = await Promise.all(closes);
      const lastAnswerAt = Math.max(...answers.map((answer) => answer.endedAt));
      expect(
        answers.map((answer) => [answer.status, (answer.body as { harvestSync?: string }).harvestSync]),
      ).toEqual(Array(SLOW_CLOSES).fill([200, 'synced']));
      for (const answer of answers) {
        expect((answer.body as { ticket: { status: string } }).ticket.status).toBe('closed_with_harvest');
        // The answer ends its keep-alive connection: no new request can ride on it into a stopping process.
        expect(answer.headers.connection).toBe('close');
      }
      expect(answers.every((answer) => answer.startedAt < signalledAt && answer.endedAt > signalledAt)).toBe(
        true,
      );

      // Then the process ends by itself, with 0, once the last one is answered.
      const exit = await app.exited;
      console.log(
        `graceful drain: ${SLOW_CLOSES} requests in flight at SIGTERM, the last answered ${ms(lastAnswerAt - signalledAt)} ` +
          `after it; exit ${exit.code} ${ms(exit.at - signalledAt)} after the signal (${ms(exit.at - lastAnswerAt)} after the last answer)`,
      );
      expect(exit).toMatchObject({ code: 0, signal: null });
      expect(exit.at - signalledAt).toBeLessThan(FORCED_CLOSE_MS);
      expect(exit.at - lastAnswerAt).toBeLessThan(2_000);
      idleAgent.destroy();
      busyAgent.destroy();

      // Nothing was lost on the way out: each close is one entry in Harvest and stored as synced.
      const pushed = fake.state.timeEntries.filter((entry) =>
        ticketIds.includes(entry.external_reference?.group_id ?? ''),
      );
      expect(pushed).toHaveLength(SLOW_CLOSES);
      const rows = await storage.inspect(async (pool) => {
        const { rows } = await pool.query<{ status: string; sync_status: string }>(
          `SELECT t.status, e.sync_status FROM tickets t JOIN time_entries e ON e.ticket_id = t.id
         WHERE t.id = ANY($1::uuid[])`,
          [ticketIds],
        );
        return rows;
      });
      expect(rows).toEqual(Array(SLOW_CLOSES).fill({ status: 'closed_with_harvest', sync_status: 'synced' }));
    },
  );
});
