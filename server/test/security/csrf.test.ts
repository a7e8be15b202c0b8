/**
 * Cross-site request forgery, for every state-changing route of the inventory (docs/decisions/004-csrf.md):
 * a request carrying a signed-in session cookie that a browser marks as coming from another site is
 * refused with 403 and changes nothing at all, whatever its content type; the same request from the
 * app's own pages works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@shared/contracts/auth';
import { ROUTE_EXAMPLES, exampleToRaw, type ExampleRequest } from './route-examples';
import { isStateChanging, routeByKey, routeKey, ROUTES, type RouteEntry } from './route-inventory';
import { sendRaw, type RawRequest } from './raw-request';
import { databaseFingerprint, startSecurityFixture, type SecurityFixture } from './security-fixture';

let fx: SecurityFixture;
beforeAll(async () => {
  fx = await startSecurityFixture();
});
afterAll(() => fx.close());

const EVIL = 'http://evil.example';

/** Session-authenticated writes: the webhook takes a bearer token, which no foreign page holds. */
const sessionWrites = ROUTES.filter((route) => isStateChanging(route) && route.access !== 'bearer').map(
  (route) => [routeKey(route), route] as const,
);
const webhook = ROUTES.find((route) => route.access === 'bearer')!;

const example = (route: RouteEntry): Promise<ExampleRequest> | ExampleRequest =>
  ROUTE_EXAMPLES[routeKey(route)](fx);

/**
 * The example as a foreign page would forge it: signed in even where an honest client needs no
 * session (register, login), since the cookie is what a forged request rides on.
 */
async function forged(route: RouteEntry): Promise<ExampleRequest> {
  const request = await example(route);
  return { ...request, cookie: request.cookie ?? fx.agent.cookie };
}

/** Sends `raw` and checks it was refused as cross-site and left every table as it was. */
async function expectRefusedChangingNothing(raw: RawRequest) {
  const before = await databaseFingerprint(fx.t.database.pool);
  const res = await sendRaw(fx.baseUrl, raw);
  expect(res.status).toBe(403);
  expect(res.json).toMatchObject({ success: false, message: AUTH_MESSAGES.crossOrigin });
  expect(await databaseFingerprint(fx.t.database.pool)).toEqual(before);
}

/** The example's JSON body as a browser form would send it (nested values as JSON text). */
function formEncoded(body: unknown): string {
  const fields = body && typeof body === 'object' ? Object.entries(body) : [];
  return new URLSearchParams(
    fields.map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
  ).toString();
}

const foreignHeaders = (baseUrl: string): [string, Record<string, string>][] => [
  ['Origin: http://evil.example', { origin: EVIL }],
  [
    'Origin: http://evil.example and Sec-Fetch-Site: cross-site',
    { origin: EVIL, 'sec-fetch-site': 'cross-site' },
  ],
  ['Sec-Fetch-Site: cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
  ['Sec-Fetch-Site: same-site (a sibling subdomain) without Origin', { 'sec-fetch-site': 'same-site' }],
  [
    'Origin: null (a sandboxed frame) and Sec-Fetch-Site: cross-site',
    { origin: 'null', 'sec-fetch-site': 'cross-site' },
  ],
  ['Origin: null alone', { origin: 'null' }],
  ['an Origin that only starts like the app', { origin: `${baseUrl}.evil.example` }],
  ['the app’s host on another scheme', { origin: baseUrl.replace('http:', 'https:') }],
];

describe.each(sessionWrites)('%s', (_key, route) => {
  it('from a foreign page (every way a browser says so) is refused with 403 and changes nothing', async () => {
    const request = await forged(route);
    for (const [, headers] of foreignHeaders(fx.baseUrl)) {
      await expectRefusedChangingNothing(exampleToRaw(route, request, headers));
    }
  });

  it.each([
    ['application/x-www-form-urlencoded', formEncoded],
    ['text/plain', (body: unknown) => JSON.stringify(body ?? {})],
    [
      'multipart/form-data; boundary=x',
      (body: unknown) => `--x\r\n\r\n${JSON.stringify(body ?? {})}\r\n--x--`,
    ],
  ])(
    'as a cross-site HTML form post (%s, no Origin) is refused with 403 and changes nothing',
    async (contentType, encode) => {
      const request = await forged(route);
      const raw = exampleToRaw(route, request, { 'sec-fetch-site': 'cross-site' });
      raw.headers = { ...raw.headers, 'content-type': contentType };
      raw.body = encode(request.body);
      await expectRefusedChangingNothing(raw);
    },
  );

  it('from the app’s own pages works', async () => {
    const request = await example(route);
    const before = await databaseFingerprint(fx.t.database.pool);
    const res = await sendRaw(
      fx.baseUrl,
      exampleToRaw(route, request, { origin: fx.baseUrl, 'sec-fetch-site': 'same-origin' }),
    );
    expect(res.status).toBe(request.okStatus);
    // The same check that found nothing changed above does see this change.
    if (!('writesNothing' in route && route.writesNothing))
      expect(await databaseFingerprint(fx.t.database.pool)).not.toEqual(before);
  });
});

describe('a form body from the app’s own page', () => {
  it('is accepted: the refusals above are about the origin, not about the form bodies', async () => {
    const route = routeByKey('POST /api/tickets/:id/notes');
    const request = await example(route);
    const raw = exampleToRaw(route, request, { origin: fx.baseUrl, 'sec-fetch-site': 'same-origin' });
    raw.headers = { ...raw.headers, 'content-type': 'application/x-www-form-urlencoded' };
    raw.body = formEncoded(request.body);
    const res = await sendRaw(fx.baseUrl, raw);
    expect(res.status).toBe(201);
    const ticket = await sendRaw(fx.baseUrl, {
      method: 'GET',
      target: `/api/tickets/${request.params?.id}`,
      headers: { cookie: fx.admin.cookie },
    });
    expect(JSON.stringify(ticket.json)).toContain('Replaced the fuser.');
  });
});

describe('after refused cross-site requests', () => {
  it('a cross-site sign-out leaves the session signed in', async () => {
    const user = await fx.newSignedInUser();
    await expectRefusedChangingNothing({
      method: 'POST',
      target: '/api/logout',
      headers: { cookie: user.cookie, origin: EVIL },
    });
    const res = await sendRaw(fx.baseUrl, {
      method: 'GET',
      target: '/api/auth/user',
      headers: { cookie: user.cookie },
    });
    expect(res.status).toBe(200);
  });

  it('the Sign Out form of the app itself works under a strict referrer policy (Origin: null, same-origin)', async () => {
    const user = await fx.newSignedInUser();
    const res = await sendRaw(fx.baseUrl, {
      method: 'POST',
      target: '/api/logout',
      headers: { cookie: user.cookie, origin: 'null', 'sec-fetch-site': 'same-origin' },
    });
    expect(res.status).toBe(303);
  });
});

describe('the inbound email webhook', () => {
  it('from a foreign page with only a session cookie is refused (401) and creates nothing', async () => {
    const { bearer: _token, ...request } = await ROUTE_EXAMPLES[routeKey(webhook)](fx);
    const before = await databaseFingerprint(fx.t.database.pool);
    const res = await sendRaw(
      fx.baseUrl,
      exampleToRaw(
        webhook,
        { ...request, cookie: fx.admin.cookie },
        { origin: EVIL, 'sec-fetch-site': 'cross-site' },
      ),
    );
    expect(res.status).toBe(401);
    expect(await databaseFingerprint(fx.t.database.pool)).toEqual(before);
  });
});
