/**
 * Probes, metrics and logs of the production entry as several processes (server/cluster.ts) in a real
 * child process: each worker answers the probes itself, and a scrape, whichever worker it reaches,
 * reports the sum of all of them. PostgreSQL only, as the cluster mode is.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../test/faults/app-process';
import { hasPostgresServer, openAppStorage, type AppStorage } from '../test/faults/app-storage';
import { waitFor } from '../test/faults/fault-support';
import { TEST_METRICS_TOKEN } from '../test/security/known-secrets';
import { findLogSecrets } from '../test/security/log-scanner';
import { KNOWN_TEST_SECRETS } from '../test/security/secret-scanner';

const WORKER_READY = /Help desk ready at .*process (\d+), pid (\d+)\)/;
const POOL_SIZE = 3;

/** A GET on a new connection each time, so the kernel may hand it to either worker. */
function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }>(
    (resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, agent: false, headers }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
        })
        .on('error', reject);
    },
  );
}

const sample = (text: string, pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? Number.NaN);

describe.skipIf(!hasPostgresServer())('probes, metrics and logs with two app processes', () => {
  let storage: AppStorage;
  let app: AppProcess;

  beforeAll(async () => {
    storage = await openAppStorage();
    app = await startAppProcess({
      ...storage.appOptions,
      entry: 'cluster',
      env: {
        APP_PROCESSES: '2',
        METRICS_TOKEN: TEST_METRICS_TOKEN,
        DB_POOL_SIZE: String(POOL_SIZE),
        LOG_REQUESTS: 'true',
      },
    });
    const workers = () => new Set(app.logs().flatMap((line) => WORKER_READY.exec(line)?.[1] ?? []));
    await waitFor(() => workers().size === 2, { timeoutMs: 30_000, what: 'two ready workers' });
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await storage?.close();
  });

  it('says once, at start, where the probes and the scrape are', () => {
    const lines = app.logs().filter((line) => line.includes('Health checks at'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`http://127.0.0.1:${app.port}/healthz`);
    expect(lines[0]).toContain(`http://127.0.0.1:${app.port}/readyz`);
    expect(lines[0]).toContain(`http://127.0.0.1:${app.port}/metrics`);
    expect(lines[0]).not.toContain(TEST_METRICS_TOKEN);
  });

  it('every worker answers the probes', async () => {
    for (let i = 0; i < 8; i++) {
      expect((await get(app.port, '/healthz')).status).toBe(200);
      expect((await get(app.port, '/readyz')).text).toBe('{"status":"ok"}');
    }
  });

  it('a scrape reaching either worker reports the requests of both, added up', async () => {
    for (let i = 0; i < 20; i++) expect((await get(app.port, '/api/auth/user')).status).toBe(401);
    const auth = { Authorization: `Bearer ${TEST_METRICS_TOKEN}` };
    for (let i = 0; i < 6; i++) {
      const scrape = await get(app.port, '/metrics', auth);
      expect(scrape.status, scrape.text.slice(0, 300)).toBe(200);
      const requests = sample(
        scrape.text,
        /^helpdesk_http_requests_total\{method="GET",route="\/api\/auth\/user",status="401"\} (\S+)$/m,
      );
      expect(requests).toBe(20);
      // Each worker's pool, summed; the database's own figures once, not once per worker.
      expect(sample(scrape.text, /^helpdesk_db_pool_max (\S+)$/m)).toBe(2 * POOL_SIZE);
      expect(sample(scrape.text, /^helpdesk_database_up (\S+)$/m)).toBe(1);
    }
    expect((await get(app.port, '/metrics')).status).toBe(401);
  });

  it('logs JSON lines, one per request with its id, and no secret', () => {
    const lines = app.logs().flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'info',
        route: '/api/auth/user',
        status: 401,
        requestId: expect.any(String),
      }),
    );
    // The one secret printed on purpose: the setup link of an install without an administrator
    // (docs/decisions/053-first-admin-setup-link.md), printed by the primary while none exists.
    const printedOnPurpose = (line: string) => line.includes('No administrator yet: create the first one at');
    for (const line of app.logs().filter((line) => !printedOnPurpose(line)))
      expect(findLogSecrets(line, KNOWN_TEST_SECRETS), line).toEqual([]);
  });
});
