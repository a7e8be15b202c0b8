/**
 * Managing webhooks (issue 43): admins only; every bad field is a 400 naming it; a URL on this
 * machine or link-local is refused when saved and again when delivered (the SSRF rule of the mail
 * connections), unless WEBHOOK_ALLOW_LOOPBACK_HOSTS allows it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_LIMITS } from '@shared/contracts/webhooks';
import { createTestApp, signedInAdminAndAgent, type SignedInUser, type TestApp } from '../../test/test-app';
import { postWebhook } from './webhook-request';

let t: TestApp;
let admin: SignedInUser;
let agent: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_LOOPBACK_HOSTS: 'false' });
  ({ admin, agent } = await signedInAdminAndAgent(t.app));
});
afterAll(() => t?.close());

const create = (body: unknown) => admin.agent.post('/api/webhooks').send(body as object);

describe('who may manage webhooks', () => {
  it('when an agent asks, then every webhook route answers 403', async () => {
    await agent.agent.get('/api/webhooks').expect(403);
    await agent.agent
      .post('/api/webhooks')
      .send({ url: 'https://example.com/hook', events: ['ticket.created'] })
      .expect(403);
  });

  it('when a webhook is unknown, then its routes answer 404', async () => {
    const id = randomUUID();
    await admin.agent.put(`/api/webhooks/${id}`).send({ active: false }).expect(404);
    await admin.agent.delete(`/api/webhooks/${id}`).expect(404);
    await admin.agent.post(`/api/webhooks/${id}/test`).expect(404);
    await admin.agent.post(`/api/webhooks/${id}/rotate-secret`).expect(404);
    await admin.agent.get(`/api/webhooks/${id}/deliveries`).expect(404);
  });
});

describe('what a webhook may be', () => {
  it('when a field is wrong, then the 400 names it', async () => {
    const cases: [unknown, string][] = [
      [{ events: ['ticket.created'] }, 'url'],
      [{ url: 'ftp://example.com/x', events: ['ticket.created'] }, 'url'],
      [{ url: 'https://user:pw@example.com/x', events: ['ticket.created'] }, 'url'],
      [{ url: 'https://example.com/hook', events: [] }, 'events'],
      [{ url: 'https://example.com/hook', events: ['ticket.exploded'] }, 'events'],
      [{ url: 'https://example.com/hook', events: ['ticket.created'], format: 'xml' }, 'format'],
      [{ url: 'https://example.com/hook', events: ['ticket.created'], active: 'yes' }, 'active'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body).expect(400);
      expect(
        Object.keys(res.body.fieldErrors ?? {}).some((key) => key.startsWith(field)),
        JSON.stringify(res.body),
      ).toBe(true);
    }
    const made = await create({
      url: 'https://example.com/hook',
      events: ['ticket.closed', 'ticket.created'],
    }).expect(201);
    // Events are kept in the contract's order, each once.
    expect(made.body.webhook.events).toEqual(['ticket.created', 'ticket.closed']);
    const res = await admin.agent.put(`/api/webhooks/${made.body.webhook.id}`).send({}).expect(400);
    expect(res.body.error).toMatch(/at least one/);
  });

  it('when the URL points at this machine or a link-local address, then saving it is refused', async () => {
    for (const url of [
      'http://127.0.0.1:5432/',
      'http://localhost/hook',
      'http://[::1]/hook',
      'http://0.0.0.0/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/hook',
      'http://127.1/hook',
      'http://[::ffff:127.0.0.1]/hook',
    ]) {
      const res = await create({ url, events: ['ticket.created'] }).expect(400);
      expect(res.body.fieldErrors.url, url).toEqual([
        'URL must not point to this machine or a link-local address',
      ]);
    }
    const made = await create({ url: 'https://example.com/hook', events: ['ticket.created'] }).expect(201);
    await admin.agent
      .put(`/api/webhooks/${made.body.webhook.id}`)
      .send({ url: 'http://localhost:9/' })
      .expect(400);
  });

  it('when a delivery goes to a local address, then it is refused there too (a name may resolve elsewhere later)', async () => {
    const outcome = await postWebhook('http://localhost:9/hook', '{}', {}, { allowLoopbackHosts: false });
    expect(outcome).toMatchObject({
      delivered: false,
      statusCode: null,
      error: 'URL must not point to this machine or a link-local address',
    });
  });

  it(`when there are ${WEBHOOK_LIMITS.count} webhooks, then another is refused`, async () => {
    const listed = (await admin.agent.get('/api/webhooks').expect(200)).body.webhooks.length as number;
    for (let i = listed; i < WEBHOOK_LIMITS.count; i += 1) {
      await create({ url: `https://203.0.113.${i + 1}/hook`, events: ['ticket.created'] }).expect(201);
    }
    const res = await create({ url: 'https://example.com/hook/last', events: ['ticket.created'] }).expect(
      409,
    );
    expect(res.body.error).toBe(`There can be at most ${WEBHOOK_LIMITS.count} webhooks: delete one first`);
  });

  it('when deliveries are asked with a bad limit or before, then the 400 names the field', async () => {
    const made = await create({ url: 'https://example.com/paged', events: ['ticket.created'] });
    const id = made.body.webhook?.id ?? (await admin.agent.get('/api/webhooks')).body.webhooks[0].id;
    const limit = await admin.agent.get(`/api/webhooks/${id}/deliveries?limit=0`).expect(400);
    expect(limit.body.fieldErrors).toHaveProperty('limit');
    const before = await admin.agent.get(`/api/webhooks/${id}/deliveries?before=nope`).expect(400);
    expect(before.body.fieldErrors).toHaveProperty('before');
  });
});
