import crypto from 'node:crypto';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertSetupToken } from '../features/auth/setup.service';
import { errorHandler } from '../middleware/error-handler';
import { createTestApp, newUserInput, signedInAgent, type TestApp } from '../test/test-app';
import { watchLogLines } from '../test/security/log-scanner';
import { REQUEST_ID_HEADER, requestIdFor } from './request-id';
import { observeRequests } from './request-log';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Runs `send` and returns the request lines it caused (written when each answer closes). */
async function requestLines(send: () => Promise<unknown>, count = 1) {
  const watch = watchLogLines();
  try {
    await send();
    await vi.waitFor(() => expect(watch.lines().filter((line) => 'route' in line)).toHaveLength(count));
    return watch.lines().filter((line) => 'route' in line);
  } finally {
    watch.stop();
  }
}

describe('requestIdFor', () => {
  it('makes a new UUID without TRUST_PROXY, whatever the request says', () => {
    expect(requestIdFor('from-the-client', false)).toMatch(UUID);
    expect(requestIdFor(undefined, false)).toMatch(UUID);
    expect(requestIdFor(undefined, false)).not.toBe(requestIdFor(undefined, false));
  });

  it('keeps a proxy’s short, plain id with TRUST_PROXY', () => {
    expect(requestIdFor('req-2026.03.04_abc', true)).toBe('req-2026.03.04_abc');
    expect(requestIdFor('0f8fad5b-d9cb-469f-a165-70867728950e', true)).toBe(
      '0f8fad5b-d9cb-469f-a165-70867728950e',
    );
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['empty', ''],
    ['with a space', 'a b'],
    ['with a line break', 'a\nfake line'],
    ['with quotes', 'a"b'],
    ['two ids joined by a comma', 'one, two'],
  ])('replaces a proxy’s id that is %s', (_what, incoming) => {
    expect(requestIdFor(incoming, true)).toMatch(UUID);
  });
});

describe('the request log of the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes one line per request with its id, method, route pattern, status and duration, and answers the id', async () => {
    const { agent } = await signedInAgent(t.app);
    const id = crypto.randomUUID();
    let answer: request.Response | undefined;
    const [line] = await requestLines(async () => {
      answer = await agent.get(`/api/tickets/${id}`).query({ search: 'printer-on-floor-3' }).expect(404);
    });
    expect(line).toMatchObject({
      level: 'info',
      msg: 'GET /api/tickets/:id 404',
      method: 'GET',
      route: '/api/tickets/:id',
      status: 404,
      requestId: answer!.headers['x-request-id'],
    });
    expect(line!.requestId).toMatch(UUID);
    expect(line!.durationMs).toEqual(expect.any(Number));
    // Never the URL: neither the id nor the query string.
    const text = JSON.stringify(line);
    expect(text).not.toContain(id);
    expect(text).not.toContain('printer-on-floor-3');
    expect(text).not.toContain('?');
  });

  it('names the setup link’s route, never its token, and logs no password of the body', async () => {
    const token = await insertSetupToken(t.database.db);
    const input = newUserInput();
    const lines = await requestLines(() => request(t.app).post(`/api/setup/${token}`).send(input));
    expect(lines[0]).toMatchObject({ method: 'POST', route: '/api/setup/:token' });
    expect(JSON.stringify(lines)).not.toContain(token);
    expect(JSON.stringify(lines)).not.toContain(input.password);
  });

  it('labels a request no route answered `unmatched`, so its path never becomes a label', async () => {
    const [line] = await requestLines(() => request(t.app).get('/api/no-such-thing/12345').expect(404));
    expect(line).toMatchObject({ route: 'unmatched', status: 404 });
    expect(JSON.stringify(line)).not.toContain('12345');
  });

  it('sends no cookie, header or body into the line', async () => {
    const { agent, input } = await signedInAgent(t.app);
    const lines = await requestLines(() =>
      agent.post('/api/auth/change-password').send({ currentPassword: input.password, newPassword: 'x' }),
    );
    expect(Object.keys(lines[0]!).sort()).toEqual(
      [
        'durationMs',
        'hostname',
        'level',
        'method',
        'msg',
        'pid',
        'requestId',
        'route',
        'status',
        'time',
      ].sort(),
    );
  });

  it('ignores an X-Request-Id from the client without TRUST_PROXY', async () => {
    const res = await request(t.app).get('/healthz').set(REQUEST_ID_HEADER, 'forged-by-client').expect(200);
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('writes the lines of the probes at debug level only', async () => {
    const [line] = await requestLines(() => request(t.app).get('/healthz').expect(200));
    expect(line).toMatchObject({ level: 'debug', route: '/healthz', status: 200 });
  });
});

describe('the request log, configured', () => {
  it('with TRUST_PROXY keeps the proxy’s id in the line and the answer', async () => {
    const t = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      let answer: request.Response | undefined;
      const [line] = await requestLines(async () => {
        answer = await request(t.app)
          .get('/api/auth/user')
          .set(REQUEST_ID_HEADER, 'nginx-7f3a9c')
          .expect(401);
      });
      expect(answer!.headers['x-request-id']).toBe('nginx-7f3a9c');
      expect(line).toMatchObject({ requestId: 'nginx-7f3a9c', route: '/api/auth/user', status: 401 });
    } finally {
      await t.close();
    }
  });

  it('with LOG_REQUESTS=false writes no request line, and still answers the id', async () => {
    const t = await createTestApp({ LOG_REQUESTS: 'false' });
    const watch = watchLogLines();
    try {
      const res = await request(t.app).get('/api/auth/user').expect(401);
      expect(res.headers['x-request-id']).toMatch(UUID);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(watch.lines().filter((line) => 'route' in line)).toEqual([]);
    } finally {
      watch.stop();
      await t.close();
    }
  });
});

describe('an unhandled error', () => {
  it('is logged with the request’s id and route pattern, not its path', async () => {
    const app = express();
    app.use(observeRequests({ logRequests: true, trustProxy: false }));
    app.get('/things/:id', () => {
      throw new Error('boom');
    });
    app.use(errorHandler);
    const id = crypto.randomUUID();
    let answer: request.Response | undefined;
    const lines = await requestLines(async () => {
      answer = await request(app).get(`/things/${id}`).expect(500);
    }, 2);
    const requestId = answer!.headers['x-request-id'];
    expect(lines).toEqual([
      expect.objectContaining({ level: 'error', msg: 'unhandled error', route: '/things/:id', requestId }),
      expect.objectContaining({ level: 'error', msg: 'GET /things/:id 500', status: 500, requestId }),
    ]);
    expect(JSON.stringify(lines)).not.toContain(id);
  });
});
