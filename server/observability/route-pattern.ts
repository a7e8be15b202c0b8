/**
 * The route a request took, as its pattern (`/api/tickets/:id`), never its URL: URLs carry ids,
 * search terms and the setup link's token, which neither a log line nor a metric label may hold, and
 * a pattern keeps the number of metric series bounded by the number of routes.
 */
import type { Request } from 'express';

/** The label of a request no route answered: unknown paths, static files, refusals before routing. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Express sets `req.route` to the route that handled the request, and `req.baseUrl` to the path its
 * router is mounted at (`/api`; the app's routers are mounted at fixed paths, never at patterns with
 * parameters, so it holds no id). Read when the answer is finished, which is before any router
 * restores its base path.
 */
export function routePatternOf(req: Request): string {
  const path: unknown = req.route?.path;
  if (typeof path !== 'string') return UNMATCHED_ROUTE;
  return `${req.baseUrl}${path}` || '/';
}

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The request method, or OTHER for the rarer ones Node accepts (PROPFIND, …): a bounded label. */
export const methodLabel = (method: string) => (KNOWN_METHODS.has(method) ? method : 'OTHER');
