/**
 * GET /metrics, for Prometheus. Off unless METRICS_TOKEN is set: then it answers 404 like any
 * unknown path, for every method, so an install that does not use it shows nothing. On, it wants
 * `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise): the figures are no one's personal data,
 * but traffic and backlog are still the operator's business.
 */
import crypto from 'node:crypto';
import { Router, type Request } from 'express';
import { AppError } from '../lib/errors';
import type { AppMetrics } from './metrics';
import { refuseOtherMethods } from './only-get';

export const METRICS_AUTH_MESSAGE =
  'A valid bearer token is required (Authorization: Bearer <METRICS_TOKEN>)';

const digest = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest();

/** Both sides hashed first, so the comparison takes the same time whatever the guess's length. */
function hasToken(req: Request, expected: Buffer): boolean {
  const given = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(req.get('authorization') ?? '')?.[1];
  return given !== undefined && crypto.timingSafeEqual(digest(given), expected);
}

export function metricsRoutes(deps: { token: string | undefined; metrics: AppMetrics | undefined }): Router {
  const router = Router();
  const { token, metrics } = deps;
  if (token === undefined || metrics === undefined) {
    const off = (req: Request) => {
      throw new AppError('not_found', `No route for ${req.method} ${req.path}`);
    };
    // Mounted all the same, so the routes of the app do not depend on its configuration.
    router.route('/metrics').get(off).all(off);
    return router;
  }
  const expected = digest(token);
  router
    .route('/metrics')
    .get(async (req, res) => {
      if (!hasToken(req, expected)) {
        res.set('WWW-Authenticate', 'Bearer realm="metrics"');
        throw new AppError('unauthorized', METRICS_AUTH_MESSAGE);
      }
      // With several processes a worker may not answer the primary in time: the scrape is retried.
      const text = await metrics.render().catch(() => {
        throw new AppError('unavailable', 'The metrics could not be collected in time; try again');
      });
      res.set('Cache-Control', 'no-store').type(metrics.contentType).send(text);
    })
    .all(refuseOtherMethods);
  return router;
}
