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
import { SETTING_KEYS, type SettingKey } from '@shared/constants';
import { DEFAULT_SLA_POLICIES, defaultBusinessHours } from '@shared/contracts/sla';
import { startFakeHarvest, type FakeHarvest } from '../../test/fake-harvest/server';
import { createTestApp, signedInAdminAndAgent, type SignedInUser, type TestApp } from '../../test/test-app';
import { FAKE_CREDENTIALS } from '../../test/support/harvest';
import { newTicketInput } from '../../test/support/tickets';
import { openApiPath } from './operation';

let t: TestApp;
let harvest: FakeHarvest;
let admin: SignedInUser;
let agent: SignedInUser;
let ajv: Ajv2020;
let readSecret = '';
let writeSecret = '';
let ticketId = '';
let document: object;

beforeAll(async () => {
  // Saving the Harvest credentials asks Harvest about them: the fake answers.
  harvest = await startFakeHarvest();
  t = await createTestApp({ HARVEST_BASE_URL: harvest.url });
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
afterAll(async () => {
  await t?.close();
  await harvest?.stop();
});

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

/** The validator of what the document says `method path` answers with `status`. */
function validatorOf(method: string, path: string, status: number) {
  const validate = ajv.getSchema(`openapi.json#/${schemaPointer(method, path, status)}`);
  expect(validate, `${method} ${path} ${status} is not in the document`).toBeDefined();
  return validate!;
}

/** Fails unless `answer` is what the document says `method path` answers with its status. */
function expectDescribed(method: string, path: string, answer: request.Response) {
  const validate = validatorOf(method, path, answer.status);
  const valid = validate(answer.body);
  expect(valid, `${method} ${path} ${answer.status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
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

describe('the settings against the document', () => {
  /** A valid value of each key, as the settings tests save them (no server is asked but Harvest). */
  const VALUES = {
    harvest_credentials: FAKE_CREDENTIALS,
    email: {
      smtp: {
        host: '127.0.0.1',
        port: 2525,
        security: 'none',
        username: 'helpdesk',
        password: 'smtp-secret-123',
      },
      fromAddress: 'support@helpdesk.example.com',
      fromName: 'Help Desk',
      mailboxes: [
        {
          host: '127.0.0.1',
          port: 1143,
          security: 'none',
          username: 'helpdesk',
          password: 'imap-secret-123',
          folder: 'INBOX',
          afterImport: { action: 'move', folder: 'Imported' },
          groupId: null,
        },
      ],
    },
    registration: { mode: 'open', allowedDomains: ['Example.com', '@example.com'], requireTotp: false },
    ticket_deletion: { allowed: 'everyone', retentionDays: 14 },
    business_hours: { ...defaultBusinessHours('Europe/Berlin'), holidays: ['2026-12-25'] },
    sla_policies: { ...DEFAULT_SLA_POLICIES, warnBeforeMinutes: 30 },
    portal: { enabled: false, newTickets: 'known', allowedDomains: [], csat: false },
    loans: { reopenWhenOverdue: true, remindRequester: false },
  } satisfies Record<SettingKey, unknown>;

  const read = (key: SettingKey) => admin.agent.get(`/api/settings/${key}`).expect(200);

  it('when each setting is read and saved, then every answer matches the document’s union', async () => {
    // Unsaved: the defaults (and `value: null`, `verification: null` where nothing is configured).
    for (const key of SETTING_KEYS) expectDescribed('GET', '/api/settings/:key', await read(key));
    for (const key of SETTING_KEYS) {
      const saved = await admin.agent.post('/api/settings').send({ key, value: VALUES[key] }).expect(200);
      expectDescribed('POST', '/api/settings', saved);
    }
    // Saved: the fuller shapes (the Harvest user and verification, the mailboxes and their status).
    for (const key of SETTING_KEYS) expectDescribed('GET', '/api/settings/:key', await read(key));
    const harvestSetting = (await read('harvest_credentials')).body;
    expect(harvestSetting.verification.status).toBe('verified');
    expect(harvestSetting.harvestUser).not.toBeNull();
    const email = (await read('email')).body;
    expect(email.value.mailboxes).toHaveLength(1);
    expect(Object.keys(email.mailboxStatuses)).toEqual([email.value.mailboxes[0].id]);
    expect((await read('registration')).body.value.allowedDomains).toEqual(['example.com']);

    // And the unions refuse what a key does not answer.
    const readAnswer = validatorOf('GET', '/api/settings/:key', 200);
    const { configured: _configured, ...emailWithoutConfigured } = email;
    expect(readAnswer(email)).toBe(true);
    expect(readAnswer(emailWithoutConfigured)).toBe(false);
    const ticketDeletion = (await read('ticket_deletion')).body;
    expect(readAnswer({ key: 'ticket_deletion', value: ticketDeletion })).toBe(false);
    const saveAnswer = validatorOf('POST', '/api/settings', 200);
    expect(saveAnswer({ success: true, message: 'Settings saved successfully' })).toBe(true);
    expect(saveAnswer({ success: false, message: 'Settings saved successfully' })).toBe(false);
  });
});
