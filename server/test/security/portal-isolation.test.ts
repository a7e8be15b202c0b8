/**
 * The portal's isolation (issue 41), walked over the whole route inventory: a requester session
 * reaches nothing outside /api/portal (every agent route answers it 401, even with the cookie sent
 * where a browser never would), and an agent's or an admin's session is no requester session (every
 * requester route answers it 401). Each refused request leaves the database as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@shared/contracts/auth';
import { PORTAL_MESSAGES } from '@shared/contracts/portal';
import { SESSION_COOKIE_NAME } from '../../middleware/session';
import { ROUTE_EXAMPLES, exampleToRaw, type ExampleRequest } from './route-examples';
import { routeKey, ROUTES, type RouteEntry } from './route-inventory';
import { sendRaw } from './raw-request';
import { databaseFingerprint, startSecurityFixture, type SecurityFixture } from './security-fixture';

let fx: SecurityFixture;
beforeAll(async () => {
  fx = await startSecurityFixture();
});
afterAll(() => fx.close());

const entries = (routes: readonly RouteEntry[]) => routes.map((route) => [routeKey(route), route] as const);
const agentRoutes = entries(
  ROUTES.filter((route) => route.access === 'authenticated' || route.access === 'admin'),
);
const requesterRoutes = entries(ROUTES.filter((route) => route.access === 'requester'));

const example = (route: RouteEntry): Promise<ExampleRequest> | ExampleRequest =>
  ROUTE_EXAMPLES[routeKey(route)](fx);

/** Sends the route's honest request under `cookie` instead of its own, checking nothing changed. */
async function sendAs(route: RouteEntry, cookie: string) {
  const request = { ...(await example(route)), cookie };
  const before = await databaseFingerprint(fx.t.database.pool);
  const res = await sendRaw(fx.baseUrl, exampleToRaw(route, request));
  expect(await databaseFingerprint(fx.t.database.pool)).toEqual(before);
  return res;
}

describe('the inventory', () => {
  it('puts every requester route under /api/portal, and no agent route there', () => {
    expect(requesterRoutes.length).toBeGreaterThan(0);
    for (const [, route] of requesterRoutes) expect(route.path).toMatch(/^\/api\/portal\//);
    for (const [, route] of agentRoutes) expect(route.path).not.toMatch(/^\/api\/portal\//);
  });
});

describe('a requester session', () => {
  it.each(requesterRoutes)('%s serves it', async (_key, route) => {
    const request = await example(route);
    const res = await sendRaw(fx.baseUrl, exampleToRaw(route, { ...request, cookie: fx.requester.cookie }));
    expect(res.status).toBe(request.okStatus);
  });

  it.each(agentRoutes)('%s answers it 401 and changes nothing', async (_key, route) => {
    const res = await sendAs(route, fx.requester.cookie);
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ success: false, message: AUTH_MESSAGES.unauthorized });
  });

  it.each(agentRoutes)('%s answers it 401 even beside an agent’s broken cookie', async (_key, route) => {
    const res = await sendAs(route, `${fx.requester.cookie}; ${SESSION_COOKIE_NAME}=s%3Anot-a-session`);
    expect(res.status).toBe(401);
  });
});

describe('an agent’s or an admin’s session', () => {
  it.each(requesterRoutes)('%s answers an agent 401 and changes nothing', async (_key, route) => {
    const res = await sendAs(route, fx.agent.cookie);
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ success: false, message: PORTAL_MESSAGES.notSignedIn });
  });

  it.each(requesterRoutes)('%s answers an admin 401 and changes nothing', async (_key, route) => {
    const res = await sendAs(route, fx.admin.cookie);
    expect(res.status).toBe(401);
  });
});
