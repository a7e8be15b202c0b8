/**
 * The log scan itself (log-scan.setup.ts, log-scanner.ts): it finds what it must in a line, it sees
 * the lines the app's logger writes, and it learns the secrets of the requests a test app serves.
 * Each test that leaks on purpose takes the report itself, so the setup file's check passes.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logger } from '../../lib/logger';
import { emailPayload, INBOUND_TOKEN } from '../support/inbound';
import { SESSION_COOKIE_NAME } from '../../middleware/session';
import { createTestApp, newUserInput, TEST_SESSION_SECRET, type TestApp } from '../test-app';
import { TEST_METRICS_TOKEN } from './known-secrets';
import { describeLogLeaks, findLogSecrets, takeLogLeaks, watchLogLines } from './log-scanner';
import { KNOWN_TEST_SECRETS } from './secret-scanner';

describe('findLogSecrets', () => {
  it.each([
    ['the session secret', JSON.stringify({ msg: 'x', debug: TEST_SESSION_SECRET }), 'the session secret'],
    ['the metrics token', JSON.stringify({ msg: `token ${TEST_METRICS_TOKEN}` }), 'the metrics token'],
    ['a password key, even redacted', '{"msg":"x","password":"[redacted]"}', 'key password at password'],
    ['a bcrypt hash', JSON.stringify({ msg: 'x', hash: '$2b$12$abcdefghijklmnopqrstuv' }), 'bcrypt hash'],
    [
      'a setup link',
      '{"msg":"create the first one at http://127.0.0.1:3000/setup/Zk3_q0-x9YtLmNpQrStUvWxYz0123456789abcdEFG"}',
      'a setup link',
    ],
    ['a bearer credential', '{"msg":"sent Authorization: Bearer abc123def456"}', 'a bearer credential'],
    ['a session cookie', '{"msg":"helpdesk.sid=s%3AQWERTYUIOPasdfghjklzxc.sig"}', 'a session cookie'],
  ])('finds %s', (_what, line, rule) => {
    expect(findLogSecrets(line, KNOWN_TEST_SECRETS)).toContain(rule);
  });

  it('finds nothing in the request and job lines the app writes', () => {
    const lines = [
      '{"level":"info","time":"2026-03-04T09:00:00.000Z","pid":1,"hostname":"h","requestId":"0f8fad5b-d9cb-469f-a165-70867728950e","method":"GET","route":"/api/tickets/:id","status":200,"durationMs":3.2,"msg":"GET /api/tickets/:id 200"}',
      '{"level":"info","time":"2026-03-04T09:00:00.000Z","pid":1,"queue":"email.send","jobId":"5c1e9a3e-1b1f-4a43-9d0e-3a8d1f3b2c11","attempt":1,"outcome":"completed","durationMs":41.5,"msg":"Job email.send completed"}',
    ];
    for (const line of lines) expect(findLogSecrets(line, KNOWN_TEST_SECRETS)).toEqual([]);
  });
});

describe('the log scan of the integration suite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ INBOUND_EMAIL_TOKEN: INBOUND_TOKEN });
  });
  afterAll(() => t.close());

  it('when app code logs a configured secret, then the scan reports it, masked', () => {
    logger.warn('a careless line', { debug: TEST_SESSION_SECRET });
    const leaks = takeLogLeaks();
    expect(leaks.map((leak) => leak.rule)).toEqual(['the session secret']);
    const report = describeLogLeaks(leaks);
    expect(report).toContain('[warn] a careless line');
    expect(report).not.toContain(TEST_SESSION_SECRET);
  });

  it('when nothing leaks, then the scan reports nothing', () => {
    logger.info('an ordinary line', { queue: 'email.send', attempt: 1 });
    expect(takeLogLeaks()).toEqual([]);
  });

  it('learns the secrets of the requests a test app served: the password, the session cookie, the bearer token and the email body', async () => {
    const input = newUserInput();
    const agent = request.agent(t.app);
    await agent.post('/api/register').send(input).expect(201);
    const login = await agent.post('/api/login').send({ email: input.email, password: input.password });
    const cookie = [login.headers['set-cookie'] ?? []]
      .flat()
      .find((line) => line.startsWith(`${SESSION_COOKIE_NAME}=`))!
      .split(';')[0]!;
    const body = `The scanner learns this body ${Date.now()}`;
    await request(t.app)
      .post('/api/inbound/email')
      .set('Authorization', `Bearer ${INBOUND_TOKEN}`)
      .send(emailPayload({ body }))
      .expect(201);
    // The app's own lines for these requests carried none of it.
    await vi.waitFor(() => expect(takeLogLeaks()).toEqual([]));

    // Secrets are learnt as each answer closes, which may come just after the client has it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const sessionValue = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
    // Under its own name the value is redacted, yet the key alone is reported.
    logger.error('careless lines', { password: input.password });
    logger.error('careless lines', { note: `typed ${input.password}` });
    logger.error('careless lines', { note: `cookie ${sessionValue}` });
    logger.error('careless lines', { note: `token ${INBOUND_TOKEN}` });
    logger.error('careless lines', { note: body });
    const rules = takeLogLeaks().map((leak) => leak.rule);
    expect(rules).toEqual(
      expect.arrayContaining([
        'a password the request sent',
        'key password at password',
        'a cookie',
        'a bearer token the request sent',
        'a message body the request sent',
      ]),
    );
  });

  it('sees the request lines the app writes, one per request', async () => {
    const watch = watchLogLines();
    await request(t.app).get('/api/auth/user').expect(401);
    await vi.waitFor(() =>
      expect(watch.lines()).toContainEqual(
        expect.objectContaining({ route: '/api/auth/user', status: 401, method: 'GET' }),
      ),
    );
    watch.stop();
  });
});
