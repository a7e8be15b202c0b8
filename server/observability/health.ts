/**
 * Liveness and readiness, for load balancers, orchestrators and uptime checks. Both answer without a
 * session and say nothing beyond ok / unavailable: the reason a process is not ready is logged for its
 * operator, never told to whoever asks. Mounted before the session and outside /api (server/app.ts),
 * so they cost no session lookup and the SPA's fallback page never answers for them. With several
 * processes (server/cluster.ts) each one answers for itself.
 *
 * - GET /healthz: the process runs its event loop and answers. Restart it when this fails.
 * - GET /readyz: the database answers and its schema is the one this build expects
 *   (schema-version.ts); 503 otherwise. Send it no traffic while this fails.
 */
import { Router, type Response } from 'express';
import type pg from 'pg';
import { logger } from '../lib/logger';
import { refuseOtherMethods } from './only-get';
import { isSchemaCurrent, NEWEST_APPLIED_MIGRATION_SQL, newestShippedMigration } from './schema-version';

/** Longer than a healthy database ever takes, shorter than a probe's usual timeout (often 3-5 s). */
export const READINESS_TIMEOUT_MS = 2_000;
/**
 * Probes arriving together (several balancers, a burst of anonymous requests) share one check
 * and its answer for this long, so /readyz cannot be used to load the database.
 */
const READINESS_REUSE_MS = 1_000;

export type NotReadyReason = 'database unreachable' | 'database too slow' | 'schema behind this build';
export type Readiness = { ready: true } | { ready: false; reason: NotReadyReason };

export interface ReadinessOptions {
  timeoutMs?: number;
  /** The newest migration the database must have (default: the newest this build ships). */
  newestShipped?: number;
}

/** A readiness check on `pool`: one short statement, bounded by `timeoutMs`. */
export function createReadinessCheck(
  pool: pg.Pool,
  options: ReadinessOptions = {},
): () => Promise<Readiness> {
  const timeoutMs = options.timeoutMs ?? READINESS_TIMEOUT_MS;
  const newestShipped = options.newestShipped ?? newestShippedMigration();
  let last: { at: number; result: Promise<Readiness> } | undefined;
  let lastLogged: string | undefined = 'ready';

  async function check(): Promise<Readiness> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      // The statement goes on after a timeout; its late answer is dropped.
      const query = pool.query<{ newest: string | null }>(NEWEST_APPLIED_MIGRATION_SQL);
      query.catch(() => undefined);
      const answer = await Promise.race([query, timedOut]);
      if (answer === 'timeout') return { ready: false, reason: 'database too slow' };
      const newest = answer.rows[0]?.newest;
      if (!isSchemaCurrent(newest == null ? null : Number(newest), newestShipped)) {
        return { ready: false, reason: 'schema behind this build' };
      }
      return { ready: true };
    } catch {
      return { ready: false, reason: 'database unreachable' };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Logged when the answer changes, not at every probe. */
  function logChange(readiness: Readiness) {
    const state = readiness.ready ? 'ready' : readiness.reason;
    if (state === lastLogged) return;
    lastLogged = state;
    if (readiness.ready) logger.info('Ready again: the database answers and its schema is current');
    else logger.warn(`Not ready: ${readiness.reason}`, { reason: readiness.reason });
  }

  return () => {
    const now = performance.now();
    if (!last || now - last.at > READINESS_REUSE_MS) {
      const result = check().then((readiness) => {
        logChange(readiness);
        return readiness;
      });
      last = { at: now, result };
    }
    return last.result;
  };
}

const noStore = (res: Response) => res.set('Cache-Control', 'no-store');

export function healthRoutes(deps: { readiness: () => Promise<Readiness> }): Router {
  const router = Router();
  router
    .route('/healthz')
    .get((_req, res) => {
      noStore(res).json({ status: 'ok' });
    })
    .all(refuseOtherMethods);
  router
    .route('/readyz')
    .get(async (_req, res) => {
      const readiness = await deps.readiness();
      noStore(res)
        .status(readiness.ready ? 200 : 503)
        .json({ status: readiness.ready ? 'ok' : 'unavailable' });
    })
    .all(refuseOtherMethods);
  return router;
}
