/**
 * Who may call what, for every route of the inventory: without a session only the public routes
 * answer (and they reveal nothing about anyone); agents are refused the admin-only routes; the portal's
 * routes want a requester session (portal-isolation.test.ts: and nothing else takes one); the inbound
 * webhook takes its bearer token and nothing else. Each refused request leaves the database as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@shared/contracts/auth';
import { PORTAL_MESSAGES } from '@shared/contracts/portal';
import { INBOUND_AUTH_MESSAGES } from '../../features/inbound/inbound-auth';
import { ROUTE_EXAMPLES, exampleToRaw, type ExampleRequest } from './route-examples';
import { pathParams, routeByKey, routeKey, ROUTES, type RouteEntry } from './route-inventory';
import { sendRaw } from './raw-request';
import {
  databaseFingerprint,
  INBOUND_TOKEN,
  startSecurityFixture,
  type SecurityFixture,
} from './security-fixture';

let fx: SecurityFixture;
beforeAll(async () => {
  fx = await startSecurityFixture();
});
afterAll(() => fx.close());

const byAccess = (access: RouteEntry['access']) =>
  ROUTES.filter((route) => route.access === access).map((route) => [routeKey(route), route] as const);
const signedInRoutes = [...byAccess('authenticated'), ...byAccess('admin')];

async function example(route: RouteEntry): Promise<ExampleRequest> {
  return ROUTE_EXAMPLES[routeKey(route)](fx);
}

/** Sends `request` and checks that the database is exactly as before. */
async function sendChangingNothing(route: RouteEntry, request: ExampleRequest) {
  const before = await databaseFingerprint(fx.t.database.pool);
  const res = await sendRaw(fx.baseUrl, exampleToRaw(route, request));
  expect(await databaseFingerprint(fx.t.database.pool)).toEqual(before);
  return res;
}

describe('without a session', () => {
  it.each(signedInRoutes)('%s answers 401 Unauthorized and changes nothing', async (_key, route) => {
    const { cookie: _signedIn, ...anonymous } = await example(route);
    const res = await sendChangingNothing(route, anonymous);
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ success: false, message: 'Unauthorized', error: 'Unauthorized' });
  });

  it.each(byAccess('requester'))(
    '%s answers 401 asking to sign in to the portal and changes nothing',
    async (_key, route) => {
      const { cookie: _requester, ...anonymous } = await example(route);
      const res = await sendChangingNothing(route, anonymous);
      expect(res.status).toBe(401);
      expect(res.json).toEqual({
        success: false,
        message: PORTAL_MESSAGES.notSignedIn,
        error: PORTAL_MESSAGES.notSignedIn,
      });
    },
  );

  it.each(
    [...signedInRoutes, ...byAccess('requester')].filter(([, route]) => pathParams(route.path).length > 0),
  )('%s answers 401 before it looks at a malformed path parameter', async (_key, route) => {
    const { cookie: _signedIn, ...anonymous } = await example(route);
    const params = Object.fromEntries(pathParams(route.path).map((name) => [name, 'not-an-id']));
    const res = await sendChangingNothing(route, { ...anonymous, params });
    expect(res.status).toBe(401);
  });

  it.each(byAccess('public'))('public %s answers without naming any user', async (_key, route) => {
    const body = route.method === 'GET' ? undefined : {};
    const { params } = await example(route);
    const res = await sendRaw(fx.baseUrl, exampleToRaw(route, { params, body, okStatus: 0 }));
    expect(res.status).toBeLessThan(500);
    for (const user of [fx.admin, fx.agent]) {
      expect(res.text).not.toContain(user.email);
      expect(res.text).not.toContain(user.id);
    }
    // The API's description names the sign-in answers' `user` field; it holds no user (the checks above).
    if (route.path !== '/api/openapi.json') expect(res.text).not.toMatch(/"user"/);
  });

  it('a wrong password for a real account and an unknown account get the same answer', async () => {
    const login = (body: object) =>
      sendRaw(fx.baseUrl, exampleToRaw(routeByKey('POST /api/login'), { body, okStatus: 0 }));
    const wrongPassword = await login({ email: fx.agent.email, password: 'not the password' });
    const unknownAccount = await login({ email: 'nobody.here@example.com', password: 'not the password' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownAccount.status).toBe(401);
    expect(wrongPassword.json).toEqual(unknownAccount.json);
    expect(wrongPassword.json).toMatchObject({ message: AUTH_MESSAGES.invalidCredentials });
  });
});

describe('signed in as an agent (the second account; the first is the admin)', () => {
  it('the agent really is an agent and the admin an admin', async () => {
    for (const [user, role] of [
      [fx.admin, 'admin'],
      [fx.agent, 'agent'],
    ] as const) {
      const res = await sendRaw(fx.baseUrl, {
        method: 'GET',
        target: '/api/auth/user',
        headers: { cookie: user.cookie },
      });
      expect(res.json).toMatchObject({ role });
    }
  });

  it.each(byAccess('admin'))('%s answers 403 and changes nothing', async (_key, route) => {
    const asAgent = { ...(await example(route)), cookie: fx.agent.cookie };
    const res = await sendChangingNothing(route, asAgent);
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ success: false, message: 'Only administrators may do this' });
  });

  it.each(byAccess('admin'))('%s still works for the admin', async (_key, route) => {
    const request = await example(route);
    const res = await sendRaw(fx.baseUrl, exampleToRaw(route, request));
    expect(res.status).toBe(request.okStatus);
  });
});

describe('the inbound email webhook (bearer token, no session)', () => {
  const [[, webhook]] = byAccess('bearer') as [[string, RouteEntry]];

  it.each([
    ['no Authorization header', (): Record<string, string> => ({})],
    ['a wrong bearer token', () => ({ authorization: 'Bearer wrong-token-0123456789abcdef' })],
    ['the right token under another scheme', () => ({ authorization: `Basic ${INBOUND_TOKEN}` })],
    ['an empty bearer token', () => ({ authorization: 'Bearer ' })],
    ['a signed-in session instead of the token', () => ({ cookie: fx.admin.cookie })],
  ])('with %s answers 401 with a Bearer challenge and creates nothing', async (_case, headers) => {
    const { bearer: _token, ...withoutToken } = await example(webhook);
    const before = await databaseFingerprint(fx.t.database.pool);
    const res = await sendRaw(fx.baseUrl, exampleToRaw(webhook, withoutToken, headers()));
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer /);
    expect(res.json).toMatchObject({ success: false, message: INBOUND_AUTH_MESSAGES.unauthorized });
    expect(await databaseFingerprint(fx.t.database.pool)).toEqual(before);
  });

  it('with the right token accepts the mail', async () => {
    const request = await example(webhook);
    const res = await sendRaw(fx.baseUrl, exampleToRaw(webhook, request));
    expect(res.status).toBe(201);
  });
});
