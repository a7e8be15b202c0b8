/**
 * Fuzzes every route of the inventory with fast-check: hostile JSON bodies, malformed bodies under
 * every content type, hostile query strings and path parameters (and raw mail for the webhook).
 * Whatever arrives, the API never answers 5xx; every refusal is the JSON error shape with a message
 * that says what is wrong; nothing reaches Object.prototype; and the route still serves an honest
 * request afterwards. A failure prints fast-check's seed and the smallest request that fails;
 * FUZZ_SEED=<seed> replays it, FUZZ_RUNS=<n> scales every run count.
 */
import http from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/contracts/common';
import {
  CONTENT_ENCODINGS,
  CONTENT_TYPES,
  hostileAuthorization,
  hostileCookie,
  pathSegment,
  queryStringArb,
  rawMail,
} from './fuzz-http';
import { jsonText, jsonTree, malformedBody, mutatedBody, pollutingBody } from './fuzz-json';
import { ROUTE_EXAMPLES, exampleToRaw, type ExampleRequest } from './route-examples';
import { fillPath, isStateChanging, pathParams, routeKey, ROUTES, type RouteEntry } from './route-inventory';
import { queryString, sendRaw, type RawRequest, type RawResponse } from './raw-request';
import { startSecurityFixture, type SecurityFixture } from './security-fixture';

const scale = Number(process.env.FUZZ_RUNS ?? 1);
/** Sized so the whole file stays well under a minute on a busy two-core machine. */
const RUNS = {
  body: Math.ceil(30 * scale),
  malformed: Math.ceil(15 * scale),
  query: Math.ceil(25 * scale),
  path: Math.ceil(20 * scale),
  mail: Math.ceil(30 * scale),
  method: Math.ceil(30 * scale),
};
const seed = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
fc.configureGlobal({ seed });

let fx: SecurityFixture;
beforeAll(async () => {
  fx = await startSecurityFixture();
});
afterAll(() => fx.close());

/** The fallback messages that say nothing about what was wrong with the request. */
const VAGUE_MESSAGES = [
  'The request could not be processed',
  'Something went wrong on our side. Please try again.',
];

/** Why `res` is not an acceptable answer to hostile input, or undefined when it is. */
function answerProblem(res: RawResponse): string | undefined {
  if (res.status >= 500) return 'a server error';
  if (res.status < 400) return undefined;
  if (!/^application\/json/.test(res.headers['content-type'] ?? '')) return 'a refusal without a JSON body';
  const body = res.json as Partial<ApiErrorBody> | undefined;
  if (body?.success !== false || typeof body.message !== 'string' || body.error !== body.message) {
    return 'a refusal not in the error shape {success: false, message, error}';
  }
  if (body.message.trim().length < 8 || VAGUE_MESSAGES.includes(body.message)) {
    return 'a refusal whose message does not say what is wrong';
  }
  if (body.fieldErrors) {
    // The message names a field as people read it (decision 120): by its label ("Harvest project
    // must be…" for harvest_project_id), which is the field's own message, or by a segment of its
    // key ("Status must be…" for updates.status). Letters and digits only: "currentPassword" is
    // named by "Current password is incorrect".
    const words = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
    const message = words(body.message);
    const fields = Object.entries(body.fieldErrors);
    const named = ([key, messages]: [string, string[]]) =>
      key
        .split('.')
        .filter((segment) => !/^\d+$/.test(segment))
        .some((segment) => message.includes(words(segment))) ||
      messages.some((own) => message.includes(words(own)));
    if (fields.length === 0 || !fields.some(named)) {
      return 'a refusal whose message names none of its fieldErrors';
    }
  }
  return undefined;
}

async function sendAndCheck(sent: RawRequest): Promise<void> {
  const res = await sendRaw(fx.baseUrl, sent);
  const problem = answerProblem(res);
  if (problem) {
    const target = sent.target.length > 300 ? `${sent.target.slice(0, 300)}…` : sent.target;
    throw new Error(`${problem}: ${sent.method} ${target} → ${res.status} ${res.text.slice(0, 500)}`);
  }
}

const fuzz = <T>(arbitrary: fc.Arbitrary<T>, numRuns: number, send: (value: T) => Promise<void>) =>
  fc.assert(fc.asyncProperty(arbitrary, send), { numRuns });

/** The keys an example sends, at any depth: the fuzzer aims at the fields validation knows. */
function keysOf(value: unknown): string[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => [key, ...keysOf(child)]);
}

describe.each(ROUTES.map((route) => [routeKey(route), route] as const))('%s', (key, route: RouteEntry) => {
  let honest: ExampleRequest;
  let bodyKeys: string[];
  beforeAll(async () => {
    honest = await ROUTE_EXAMPLES[key](fx);
    bodyKeys = keysOf(honest.body);
  });

  /** The honest request with its body replaced by `body` as `contentType`. */
  function withBody(
    body: string | Buffer,
    contentType: string,
    extra: Record<string, string> = {},
  ): RawRequest {
    const raw = exampleToRaw(route, honest);
    return { ...raw, headers: { ...raw.headers, 'content-type': contentType, ...extra }, body };
  }

  if (isStateChanging(route)) {
    it('answers hostile JSON bodies without a server error, explaining each refusal', async () => {
      const body = fc.oneof(
        { arbitrary: mutatedBody(honest.body ?? {}, bodyKeys), weight: 4 },
        { arbitrary: jsonTree(bodyKeys), weight: 2 },
        { arbitrary: pollutingBody(honest.body), weight: 1 },
      );
      await fuzz(body, RUNS.body, (tree) => sendAndCheck(withBody(jsonText(tree), 'application/json')));
    });

    it('answers malformed bodies and wrong content types without a server error', async () => {
      const validJson = JSON.stringify(honest.body ?? {});
      const request = fc.record({
        body: fc.oneof(malformedBody(validJson), mutatedBody(honest.body ?? {}, bodyKeys).map(jsonText)),
        contentType: fc.constantFrom(...CONTENT_TYPES),
        encoding: fc.constantFrom(...CONTENT_ENCODINGS),
      });
      await fuzz(request, RUNS.malformed, ({ body, contentType, encoding }) =>
        sendAndCheck(withBody(body, contentType, encoding ? { 'content-encoding': encoding } : {})),
      );
    });
  }

  it('answers hostile query strings without a server error, explaining each refusal', async () => {
    const keys = Object.keys(honest.query ?? {});
    await fuzz(queryStringArb(queryString(honest.query), keys), RUNS.query, (query) => {
      const raw = exampleToRaw(route, { ...honest, query: undefined });
      return sendAndCheck({ ...raw, target: `${raw.target}?${query}` });
    });
  });

  const params = pathParams(route.path);
  if (params.length > 0) {
    it('answers hostile path parameters without a server error, explaining each refusal', async () => {
      const segments = fc.tuple(...params.map(() => pathSegment));
      await fuzz(segments, RUNS.path, (values) => {
        const raw = exampleToRaw(route, honest);
        const query = queryString(honest.query);
        const target = fillPath(route.path, Object.fromEntries(params.map((name, i) => [name, values[i]!])));
        return sendAndCheck({ ...raw, target: query ? `${target}?${query}` : target });
      });
    });
  }

  if (route.access === 'bearer') {
    it('answers raw mail of any shape without a server error, explaining each refusal', async () => {
      await fuzz(rawMail, RUNS.mail, (mail) => sendAndCheck(withBody(mail, 'message/rfc822')));
    });
  }

  afterAll(async () => {
    // Whatever the fuzzer sent, the route still serves an honest client.
    const again = await ROUTE_EXAMPLES[key](fx);
    const res = await sendRaw(fx.baseUrl, exampleToRaw(route, again));
    expect(res.status, `${key} after fuzzing: ${res.text.slice(0, 300)}`).toBe(again.okStatus);
  });
});

describe('hostile credentials', () => {
  const protectedRoutes = ROUTES.filter(
    (route) => route.access === 'authenticated' || route.access === 'admin' || route.access === 'requester',
  );
  const webhook = ROUTES.find((route) => route.access === 'bearer')!;

  it('a forged or broken session cookie (agent’s or requester’s) is refused, never a server error', async () => {
    const request = fc.record({ route: fc.constantFrom(...protectedRoutes), cookie: hostileCookie });
    await fuzz(request, RUNS.query, async ({ route, cookie }) => {
      const honest = await ROUTE_EXAMPLES[routeKey(route)](fx);
      await sendAndCheck(exampleToRaw(route, { ...honest, cookie }));
    });
  });

  it('a broken bearer token on the webhook is refused, never a server error', async () => {
    const honest = await ROUTE_EXAMPLES[routeKey(webhook)](fx);
    await fuzz(hostileAuthorization, RUNS.query, async (authorization) => {
      const raw = exampleToRaw(webhook, { ...honest, bearer: undefined }, { authorization });
      await sendAndCheck(raw);
    });
  });
});

describe('any method on any route', () => {
  // Methods Node's server parses (it answers 400 itself to others); CONNECT tunnels instead of asking.
  const methods = http.METHODS.filter((method) => method !== 'CONNECT');
  const honest = new Map<RouteEntry, RawRequest>();
  beforeAll(async () => {
    for (const route of ROUTES)
      honest.set(route, exampleToRaw(route, await ROUTE_EXAMPLES[routeKey(route)](fx)));
  });

  it('answers without a server error, explaining each refusal', async () => {
    const request = fc.record({ route: fc.constantFrom(...ROUTES), method: fc.constantFrom(...methods) });
    await fuzz(request, RUNS.method, async ({ route, method }) => {
      const raw = { ...honest.get(route)!, method };
      // A HEAD answer has no body to check; anything else is checked like every other answer.
      if (method !== 'HEAD') return sendAndCheck(raw);
      expect((await sendRaw(fx.baseUrl, raw)).status).toBeLessThan(500);
    });
  });
});

describe('after the fuzzing', () => {
  it('nothing reached Object.prototype', () => {
    expect(Object.keys(Object.prototype)).toEqual([]);
    const probe: Record<string, unknown> = {};
    expect(probe.polluted).toBeUndefined();
    expect(probe.role).toBeUndefined();
  });

  it('the admin is still signed in and still an admin', async () => {
    const res = await sendRaw(fx.baseUrl, {
      method: 'GET',
      target: '/api/auth/user',
      headers: { cookie: fx.admin.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: fx.admin.id, role: 'admin' });
  });
});
