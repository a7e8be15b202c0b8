/**
 * One line per request, and the request's figures for the metrics: its id (also sent back as
 * `X-Request-Id`), method, route pattern, status and duration. Nothing else about the request is
 * read: not its URL or query (ids, search terms, the setup link's token), headers (cookies, bearer
 * tokens) or body, so none of them can reach a line.
 */
import type { Request, RequestHandler } from 'express';
import { REQUEST_ID_HEADER, requestIdFor } from './request-id';
import { routePatternOf } from './route-pattern';
import { writeTimedLine } from './timed-line';

export interface RequestObservation {
  method: string;
  /** The route pattern (route-pattern.ts), e.g. `/api/tickets/:id`, or `unmatched`. */
  route: string;
  status: number;
  durationSeconds: number;
  /** The client went away before the answer was complete. */
  aborted: boolean;
}

export interface RequestObserverOptions {
  /** LOG_REQUESTS: whether the line is written (the metrics count every request regardless). */
  logRequests: boolean;
  /** TRUST_PROXY: a proxy's `X-Request-Id` may be kept (request-id.ts). */
  trustProxy: boolean;
  /** Called once for every request when its answer is done or abandoned (the metrics). */
  onRequest?: (observation: RequestObservation) => void;
}

/**
 * Probes and scrapes come every few seconds from machines, not people: their lines are written at
 * debug level so they do not drown the others (LOG_LEVEL=debug shows them).
 */
const PROBE_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

const requestIds = new WeakMap<Request, string>();

/** The id of a request seen by observeRequests (for error lines), if any. */
export const requestIdOf = (req: Request): string | undefined => requestIds.get(req);

/** Mounted first, so every answer carries its id and the duration covers all the app's work. */
export function observeRequests(options: RequestObserverOptions): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdFor(req.get(REQUEST_ID_HEADER), options.trustProxy);
    requestIds.set(req, requestId);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    res.once('close', () => {
      const durationSeconds = Number(process.hrtime.bigint() - started) / 1e9;
      const observation: RequestObservation = {
        method: req.method,
        route: routePatternOf(req),
        status: res.statusCode,
        durationSeconds,
        aborted: !res.writableFinished,
      };
      options.onRequest?.(observation);
      if (options.logRequests) writeLine(requestId, observation);
    });
    next();
  };
}

function writeLine(
  requestId: string,
  { method, route, status, durationSeconds, aborted }: RequestObservation,
) {
  const level = status >= 500 ? 'error' : PROBE_ROUTES.has(route) ? 'debug' : 'info';
  const message = `${method} ${route} ${status}${aborted ? ' (client went away)' : ''}`;
  writeTimedLine(level, message, durationSeconds, {
    requestId,
    method,
    route,
    status,
    ...(aborted ? { aborted: true } : {}),
  });
}
