/**
 * GET /api/openapi.json (issue 43): public, and true to the app. Real requests, with a session and with
 * API tokens, get answers that validate against the schema the document gives for that operation and
 * status (Ajv, JSON Schema 2020-12: OpenAPI 3.1's dialect).
 */
import crypto from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInAdminAndAgent, type SignedInUser, type TestApp } from '../../test/test-app';
import { newTicketInput } from '../../test/support/tickets';
import { openApiPath } from './operation';

let t: TestApp;
let admin: SignedInUser;
let agent: SignedInUser;
let ajv: Ajv2020;
let readSecret = '';
let writeSecret = '';
let ticketId = '';
let document: object;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, agent } = await signedInAdminAndAgent(t.app));
  document = (await request(t.app).get('/api/openapi.json').expect(200)).body as object;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document, 'openapi.json');
  const token = async (scope: 'read' | 'write') =>
    (
      await agent.agent
        .post('/api/auth/tokens')
        .send({ name: `Docs ${scope} ${crypto.randomUUID().slice(0, 6)}`, scope })
        .expect(201)
    ).body.secret as string;
  readSecret = await token('read');
  writeSecret = await token('write');
});
afterAll(() => t?.close());

const pointer = (parts: string[]) =>
  parts.map((part) => encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

/**
 * The JSON Pointer of the schema `method path` answers `status` with: in the operation, or in the
 * shared failure answer it refers to (#/components/responses/…).
 */
function schemaPointer(method: string, path: string, status: number): string {
  const at = ['paths', openApiPath(path), method.toLowerCase(), 'responses', String(status)];
  const answer = at.reduce<unknown>(
    (node, key) => (node as Record<string, unknown> | undefined)?.[key],
    document,
  );
  const shared = (answer as { $ref?: string } | undefined)?.$ref?.replace(/^#\//, '').split('/');
  return pointer([...(shared ?? at), 'content', 'application/json', 'schema']);
}

/** Fails unless `answer` is what the document says `method path` answers with its status. */
function expectDescribed(method: string, path: string, answer: request.Response) {
  const validate = ajv.getSchema(`openapi.json#/${schemaPointer(method, path, answer.status)}`);
  expect(validate, `${method} ${path} ${answer.status} is not in the document`).toBeDefined();
  const valid = validate!(answer.body);
  expect(valid, `${method} ${path} ${answer.status}: ${ajv.errorsText(validate!.errors)}`).toBe(true);
}

const bearer = (secret: string) => `Bearer ${secret}`;

describe('GET /api/openapi.json', () => {
  it('when asked without signing in, then the same OpenAPI 3.1 document every time', async () => {
    const first = await request(t.app).get('/api/openapi.json').expect(200).expect('Content-Type', /json/);
    expect(first.body.openapi).toBe('3.1.0');
    const second = await request(t.app).get('/api/openapi.json').expect(200);
    expect(second.text).toBe(first.text);
  });
});

describe('real answers against the document', () => {
  it('when a ticket is created and read with a session, then both answers match their schemas', async () => {
    const createdAnswer = await agent.agent.post('/api/tickets').send(newTicketInput()).expect(201);
    expectDescribed('POST', '/api/tickets', createdAnswer);
    ticketId = createdAnswer.body.ticket.id as string;
    expectDescribed('GET', '/api/tickets/:id', await agent.agent.get(`/api/tickets/${ticketId}`).expect(200));
  });

  it('when the list is read with a read token, then it matches the list schema', async () => {
    const answer = await request(t.app)
      .get('/api/tickets?limit=5&sort=createdAt')
      .set('Authorization', bearer(readSecret))
      .expect(200);
    expect(answer.body.tickets.length).toBeGreaterThan(0);
    expectDescribed('GET', '/api/tickets', answer);
  });

  it('when a write token changes a ticket and reads its history, then both match', async () => {
    const changed = await request(t.app)
      .put(`/api/tickets/${ticketId}`)
      .set('Authorization', bearer(writeSecret))
      .send({ priority: 'high' })
      .expect(200);
    expectDescribed('PUT', '/api/tickets/:id', changed);
    const history = await request(t.app)
      .get(`/api/tickets/${ticketId}/activity`)
      .set('Authorization', bearer(writeSecret))
      .expect(200);
    expectDescribed('GET', '/api/tickets/:id/activity', history);
  });

  it('when a read token writes, then the 403 is the documented error body', async () => {
    const refused = await request(t.app)
      .put(`/api/tickets/${ticketId}`)
      .set('Authorization', bearer(readSecret))
      .send({ priority: 'low' })
      .expect(403);
    expectDescribed('PUT', '/api/tickets/:id', refused);
  });

  it('when a body is refused, then the 400 names the field as documented', async () => {
    const refused = await agent.agent.post('/api/tickets').send({ subject: '' }).expect(400);
    expect(refused.body.fieldErrors).toBeDefined();
    expectDescribed('POST', '/api/tickets', refused);
  });

  it('when the tokens, users, team and rules are read, then each matches its schema', async () => {
    expectDescribed('GET', '/api/auth/tokens', await agent.agent.get('/api/auth/tokens').expect(200));
    expectDescribed(
      'GET',
      '/api/users',
      await request(t.app).get('/api/users').set('Authorization', bearer(readSecret)).expect(200),
    );
    expectDescribed('GET', '/api/team', await admin.agent.get('/api/team').expect(200));
    expectDescribed('GET', '/api/auth/user', await admin.agent.get('/api/auth/user').expect(200));
    // The shipped example rules, with their conditions and actions.
    expectDescribed('GET', '/api/rules', await admin.agent.get('/api/rules').expect(200));
  });

  it('when a token reaches a route tokens never reach, then 403 as the document says', async () => {
    const refused = await request(t.app)
      .get('/api/auth/sessions')
      .set('Authorization', bearer(writeSecret))
      .expect(403);
    expectDescribed('GET', '/api/auth/sessions', refused);
  });
});
