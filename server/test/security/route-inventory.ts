/**
 * Every route the API mounts, with who may call it. The security sweeps (access, CSRF, fuzz) iterate
 * over ROUTES; route-inventory.test.ts checks ROUTES against the routes the real app mounts, so a new
 * route without an entry here fails the suite instead of escaping the sweeps.
 */
import type { Express } from 'express';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * - public: answers without a session (signing in, registering, the setup link, signing out, a redirect);
 * - authenticated: 401 without a session;
 * - admin: 401 without a session, 403 for agents;
 * - bearer: the inbound email webhook, authenticated by its own bearer token instead of a session;
 * - metrics: GET /metrics, by the METRICS_TOKEN bearer token (404 while none is set; the fixture sets
 *   one), tested in server/observability/metrics.test.ts;
 * - requester: the portal's own (issue 41): 401 without a requester session, agents' sessions included
 *   (404 while the portal is off; the fixture turns it on).
 */
export type RouteAccess = 'public' | 'authenticated' | 'admin' | 'bearer' | 'metrics' | 'requester';

export interface MountedRoute {
  method: string;
  /** Express path syntax as mounted, e.g. /api/tickets/:id */
  path: string;
}

export interface RouteEntry extends MountedRoute {
  method: HttpMethod;
  access: RouteAccess;
  /**
   * A POST that writes nothing: it only reaches out to another server (Test Connection). The CSRF
   * sweep still refuses it from foreign pages, but does not expect the allowed call to change data.
   */
  writesNothing?: true;
}

export const ROUTES = [
  // Operations, outside /api and without a session (server/observability): the probes and the scrape.
  { method: 'GET', path: '/healthz', access: 'public' },
  { method: 'GET', path: '/readyz', access: 'public' },
  { method: 'GET', path: '/metrics', access: 'metrics' },
  // Accounts (server/features/auth). GET /api/auth/user needs a session: without one it answers 401.
  { method: 'POST', path: '/api/register', access: 'public' },
  { method: 'POST', path: '/api/login', access: 'public' },
  { method: 'POST', path: '/api/logout', access: 'public' },
  { method: 'GET', path: '/api/login', access: 'public' },
  { method: 'GET', path: '/api/auth/user', access: 'authenticated' },
  { method: 'POST', path: '/api/auth/change-password', access: 'authenticated' },
  // Each user's own sessions (Settings → Sessions).
  { method: 'GET', path: '/api/auth/sessions', access: 'authenticated' },
  { method: 'DELETE', path: '/api/auth/sessions/:id', access: 'authenticated' },
  { method: 'POST', path: '/api/auth/sessions/revoke-others', access: 'authenticated' },
  // Personal API tokens (issue 43): each user's own, and everyone's for admins; sessions only.
  { method: 'POST', path: '/api/auth/tokens', access: 'authenticated' },
  { method: 'GET', path: '/api/auth/tokens', access: 'authenticated' },
  { method: 'DELETE', path: '/api/auth/tokens/:id', access: 'authenticated' },
  { method: 'GET', path: '/api/team/tokens', access: 'admin' },
  { method: 'DELETE', path: '/api/team/tokens/:id', access: 'admin' },
  // Two-step sign-in: each user's own; the second step of a sign-in is public (the pending session).
  { method: 'GET', path: '/api/auth/totp', access: 'authenticated' },
  { method: 'POST', path: '/api/auth/totp/setup', access: 'authenticated' },
  { method: 'POST', path: '/api/auth/totp/enable', access: 'authenticated' },
  { method: 'POST', path: '/api/auth/totp/disable', access: 'authenticated' },
  { method: 'POST', path: '/api/login/totp', access: 'public' },
  // Forgot password? (server/features/auth/password-reset.routes.ts): public, throttled.
  { method: 'POST', path: '/api/password-reset', access: 'public' },
  { method: 'POST', path: '/api/password-reset/:token', access: 'public' },
  // The setup link of a fresh install: public, the token in the path is the credential.
  { method: 'POST', path: '/api/setup/:token', access: 'public' },
  // The mail pipeline's webhook.
  { method: 'POST', path: '/api/inbound/email', access: 'bearer' },
  // Tickets.
  { method: 'GET', path: '/api/tickets', access: 'authenticated' },
  { method: 'POST', path: '/api/tickets', access: 'authenticated' },
  { method: 'PATCH', path: '/api/tickets/bulk', access: 'authenticated' },
  { method: 'DELETE', path: '/api/tickets/bulk', access: 'authenticated' },
  { method: 'GET', path: '/api/tickets/:id', access: 'authenticated' },
  { method: 'PUT', path: '/api/tickets/:id', access: 'authenticated' },
  { method: 'DELETE', path: '/api/tickets/:id', access: 'authenticated' },
  { method: 'POST', path: '/api/tickets/:id/notes', access: 'authenticated' },
  { method: 'GET', path: '/api/tickets/:id/check-updates', access: 'authenticated' },
  { method: 'DELETE', path: '/api/tickets/:id/viewers/me', access: 'authenticated' },
  { method: 'GET', path: '/api/tickets/:id/activity', access: 'authenticated' },
  { method: 'POST', path: '/api/tickets/:id/restore', access: 'admin' },
  { method: 'POST', path: '/api/tickets/:id/seen', access: 'authenticated' },
  { method: 'POST', path: '/api/tickets/:id/close', access: 'authenticated' },
  // The email conversation: its messages and their files' downloads.
  { method: 'GET', path: '/api/tickets/:id/messages', access: 'authenticated' },
  { method: 'GET', path: '/api/attachments/:id', access: 'authenticated' },
  // Agents' replies by email, and a failed one sent again.
  { method: 'POST', path: '/api/tickets/:id/messages', access: 'authenticated' },
  { method: 'POST', path: '/api/messages/:id/retry', access: 'authenticated' },
  // Dashboard and users.
  { method: 'GET', path: '/api/dashboard/stats', access: 'authenticated' },
  { method: 'GET', path: '/api/users', access: 'authenticated' },
  { method: 'GET', path: '/api/users/ticket-counts', access: 'authenticated' },
  // The Team page of Settings (server/features/team): admins only.
  { method: 'GET', path: '/api/team', access: 'admin' },
  { method: 'GET', path: '/api/team/ticket-counts', access: 'admin' },
  { method: 'PUT', path: '/api/team/:id', access: 'admin' },
  { method: 'POST', path: '/api/team/:id/password-reset', access: 'admin' },
  { method: 'DELETE', path: '/api/team/:id/totp', access: 'admin' },
  { method: 'GET', path: '/api/team/audit', access: 'admin' },
  { method: 'POST', path: '/api/team/invitations', access: 'admin' },
  { method: 'DELETE', path: '/api/team/invitations/:id', access: 'admin' },
  // The invitee's side of an invitation: public, the token in the path is the credential.
  { method: 'GET', path: '/api/invitations/:token', access: 'public' },
  { method: 'POST', path: '/api/invitations/:token/accept', access: 'public' },
  // Loaner equipment.
  { method: 'GET', path: '/api/loaner-equipment', access: 'authenticated' },
  { method: 'POST', path: '/api/loaner-equipment', access: 'authenticated' },
  { method: 'PUT', path: '/api/loaner-equipment/:id', access: 'authenticated' },
  { method: 'DELETE', path: '/api/loaner-equipment/:id', access: 'authenticated' },
  // The inventory of lendable devices and a ticket's loans (issue 42): every agent, as the loans.
  { method: 'GET', path: '/api/assets', access: 'authenticated' },
  { method: 'POST', path: '/api/assets', access: 'authenticated' },
  { method: 'GET', path: '/api/assets/availability', access: 'authenticated' },
  { method: 'POST', path: '/api/assets/import', access: 'authenticated' },
  { method: 'GET', path: '/api/assets/:id', access: 'authenticated' },
  { method: 'PUT', path: '/api/assets/:id', access: 'authenticated' },
  { method: 'GET', path: '/api/tickets/:id/loans', access: 'authenticated' },
  // Settings: everyone reads (token masked), only admins save.
  { method: 'GET', path: '/api/settings/:key', access: 'authenticated' },
  { method: 'POST', path: '/api/settings', access: 'admin' },
  { method: 'POST', path: '/api/settings/email/test', access: 'admin' },
  { method: 'POST', path: '/api/settings/email/imap/test', access: 'admin', writesNothing: true },
  // Harvest pickers and time tracking.
  { method: 'GET', path: '/api/harvest/projects', access: 'authenticated' },
  { method: 'GET', path: '/api/harvest/projects/:projectId/tasks', access: 'authenticated' },
  { method: 'GET', path: '/api/harvest/tasks/:projectId', access: 'authenticated' },
  { method: 'GET', path: '/api/harvest/tasks', access: 'authenticated' },
  { method: 'GET', path: '/api/time-entries', access: 'authenticated' },
  { method: 'GET', path: '/api/time-entries/summary', access: 'authenticated' },
  { method: 'POST', path: '/api/time-entries', access: 'authenticated' },
  { method: 'PUT', path: '/api/time-entries/:id', access: 'authenticated' },
  { method: 'DELETE', path: '/api/time-entries/:id', access: 'authenticated' },
  // Each agent's own ticket timer (server/features/timers).
  { method: 'GET', path: '/api/timer', access: 'authenticated' },
  { method: 'POST', path: '/api/tickets/:id/timer', access: 'authenticated' },
  { method: 'DELETE', path: '/api/timer', access: 'authenticated' },
  // Which Harvest user each agent's hours go under (server/features/harvest-users).
  { method: 'GET', path: '/api/harvest/users', access: 'admin' },
  { method: 'POST', path: '/api/harvest/users/match', access: 'admin' },
  { method: 'GET', path: '/api/harvest/mapping', access: 'authenticated' },
  { method: 'PUT', path: '/api/users/:id/harvest-user', access: 'admin' },
  // The bell: each user's own notifications (server/features/notifications).
  { method: 'GET', path: '/api/notifications', access: 'authenticated' },
  { method: 'POST', path: '/api/notifications/read', access: 'authenticated' },
  // Canned responses (server/features/canned-responses): team ones changed by admins (the service
  // answers 403), personal ones by their owner.
  { method: 'GET', path: '/api/canned-responses', access: 'authenticated' },
  { method: 'POST', path: '/api/canned-responses', access: 'authenticated' },
  { method: 'PUT', path: '/api/canned-responses/:id', access: 'authenticated' },
  { method: 'DELETE', path: '/api/canned-responses/:id', access: 'authenticated' },
  // Saved views (server/features/views): team ones changed by admins (the service answers 403),
  // personal ones by their owner (404 for anyone else); so every route is open to agents.
  { method: 'GET', path: '/api/views', access: 'authenticated' },
  { method: 'POST', path: '/api/views', access: 'authenticated' },
  { method: 'PUT', path: '/api/views/:id', access: 'authenticated' },
  { method: 'DELETE', path: '/api/views/:id', access: 'authenticated' },
  // Custom ticket fields (server/features/ticket-fields): read by all, defined by admins; the tags
  // in use for autocomplete (server/features/tags), issue 38.
  { method: 'GET', path: '/api/ticket-fields', access: 'authenticated' },
  { method: 'POST', path: '/api/ticket-fields', access: 'admin' },
  { method: 'PUT', path: '/api/ticket-fields/:id', access: 'admin' },
  { method: 'GET', path: '/api/tags', access: 'authenticated' },
  // Groups (server/features/groups), issue 39: read by all, defined by admins.
  { method: 'GET', path: '/api/groups', access: 'authenticated' },
  { method: 'POST', path: '/api/groups', access: 'admin' },
  { method: 'PUT', path: '/api/groups/:id', access: 'admin' },
  { method: 'DELETE', path: '/api/groups/:id', access: 'admin' },
  // Rules (server/features/rules), issue 40: admins only.
  { method: 'GET', path: '/api/rules', access: 'admin' },
  { method: 'POST', path: '/api/rules', access: 'admin' },
  { method: 'PUT', path: '/api/rules/order', access: 'admin' },
  { method: 'POST', path: '/api/rules/preview', access: 'admin', writesNothing: true },
  { method: 'PUT', path: '/api/rules/:id', access: 'admin' },
  { method: 'DELETE', path: '/api/rules/:id', access: 'admin' },
  { method: 'GET', path: '/api/rules/:id/runs', access: 'admin' },
  { method: 'POST', path: '/api/tickets/:id/apply-response', access: 'authenticated' },
  // Merging duplicate tickets (server/features/ticket-merge).
  { method: 'POST', path: '/api/tickets/merge', access: 'authenticated' },
  { method: 'POST', path: '/api/tickets/:id/merge', access: 'authenticated' },
  // Reports.
  { method: 'GET', path: '/api/reports', access: 'authenticated' },
  { method: 'GET', path: '/api/reports/time-entries.csv', access: 'authenticated' },
  // The SLA view of the Reports page (issue 24).
  { method: 'GET', path: '/api/reports/sla', access: 'authenticated' },
  // The Loans view of the Reports page (issue 42).
  { method: 'GET', path: '/api/reports/loans', access: 'authenticated' },
  // The report by field (issue 38).
  { method: 'GET', path: '/api/reports/fields/:key', access: 'authenticated' },
  // The requester's portal (issue 41): signing in by an emailed link (public, throttled), then the
  // requester's own tickets, messages, fields and files under the portal's own session.
  { method: 'GET', path: '/api/portal/status', access: 'public' },
  { method: 'POST', path: '/api/portal/sign-in', access: 'public' },
  { method: 'POST', path: '/api/portal/sign-in/:token', access: 'public' },
  { method: 'POST', path: '/api/portal/sign-out', access: 'public' },
  { method: 'GET', path: '/api/portal/me', access: 'requester' },
  { method: 'GET', path: '/api/portal/permissions', access: 'requester' },
  { method: 'GET', path: '/api/portal/tickets', access: 'requester' },
  { method: 'POST', path: '/api/portal/tickets', access: 'requester' },
  { method: 'GET', path: '/api/portal/tickets/:id', access: 'requester' },
  { method: 'POST', path: '/api/portal/tickets/:id/messages', access: 'requester' },
  { method: 'GET', path: '/api/portal/fields', access: 'requester' },
  { method: 'GET', path: '/api/portal/attachments/:id', access: 'requester' },
  // Satisfaction ratings (issue 41): the rating link's page and answer (its token is the credential),
  // a ticket's ratings and the Satisfaction view.
  { method: 'GET', path: '/api/portal/ratings/:token', access: 'public' },
  { method: 'POST', path: '/api/portal/ratings/:token', access: 'public' },
  { method: 'GET', path: '/api/tickets/:id/ratings', access: 'authenticated' },
  { method: 'GET', path: '/api/reports/csat', access: 'authenticated' },
  // The published API description (issue 43, server/features/api-docs): public.
  { method: 'GET', path: '/api/openapi.json', access: 'public' },
  // Webhooks (issue 43): admins only; deliveries, redelivery and Send Test.
  { method: 'GET', path: '/api/webhooks', access: 'admin' },
  { method: 'POST', path: '/api/webhooks', access: 'admin' },
  { method: 'PUT', path: '/api/webhooks/:id', access: 'admin' },
  { method: 'DELETE', path: '/api/webhooks/:id', access: 'admin' },
  { method: 'POST', path: '/api/webhooks/:id/rotate-secret', access: 'admin' },
  { method: 'GET', path: '/api/webhooks/:id/deliveries', access: 'admin' },
  { method: 'POST', path: '/api/webhooks/:id/deliveries/:deliveryId/redeliver', access: 'admin' },
  { method: 'POST', path: '/api/webhooks/:id/test', access: 'admin' },
] as const satisfies readonly RouteEntry[];

/** "METHOD /path" of one entry (distributed over the union, so only real pairs are keys). */
type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string }
  ? `${M} ${P}`
  : never;
export type RouteKey = KeyOf<(typeof ROUTES)[number]>;

export const routeKey = (route: MountedRoute) => `${route.method} ${route.path}` as RouteKey;

/** The inventory entry of `key`. */
export function routeByKey(key: RouteKey): RouteEntry {
  const route = ROUTES.find((candidate) => routeKey(candidate) === key);
  if (!route) throw new Error(`${key} is not in ROUTES`);
  return route;
}

export const isStateChanging = (route: RouteEntry) => route.method !== 'GET';

/** The names of a route's path parameters: /api/tickets/:id → ['id']. */
export const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);

/** The path with each `:param` replaced by its (already URL-safe) value. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${path}`);
    return value;
  });
}

/** The parts of router layers this walk reads (Express 5 keeps them as plain properties). */
interface RouterLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: unknown };
  /** The path the layer was registered with (router ≥ 2.3); mounts of `use()` without a path have '/'. */
  rawPath?: unknown;
}

const joinPaths = (prefix: string, path: string) =>
  (prefix + (path === '/' ? '' : path)).replace(/\/+/g, '/');

function walk(stack: RouterLayer[], prefix: string, out: MountedRoute[]): void {
  for (const layer of stack) {
    if (layer.route) {
      const methods = Object.keys(layer.route.methods).filter((method) => method !== '_all');
      for (const path of [layer.route.path].flat()) {
        for (const method of methods)
          out.push({ method: method.toUpperCase(), path: joinPaths(prefix, path) });
      }
    } else if (Array.isArray(layer.handle?.stack)) {
      if (typeof layer.rawPath !== 'string') {
        throw new Error(
          `A router is mounted at a path this Express version does not expose (${String(layer.rawPath)}): ` +
            'list its routes in ROUTES by hand',
        );
      }
      walk(layer.handle.stack as RouterLayer[], joinPaths(prefix, layer.rawPath), out);
    }
  }
}

/** Every route the app mounts, from its router stack (nested routers included). */
export function mountedRoutes(app: Express): MountedRoute[] {
  const out: MountedRoute[] = [];
  walk((app.router as unknown as { stack: RouterLayer[] }).stack, '', out);
  return out;
}
