/**
 * Webhooks delivered as the app delivers them (issue 43): the sender started as server.ts starts it,
 * POSTing to a real HTTP receiver on a loopback port. When a ticket changes, then the receiver gets
 * the event, signed so that its own few lines of the documented recipe verify it (and refuse a changed
 * body or an old timestamp); a failed attempt is retried with the same delivery id; one webhook's
 * deliveries keep their order; too many failures in a row turn it off with a notice to the admins;
 * redelivery and the ping go through the same queue; the slack format posts one line.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  WEBHOOK_HEADERS,
  WEBHOOK_LIMITS,
  type CreateWebhookResponse,
  type Webhook,
  type WebhookDelivery,
} from '@shared/contracts/webhooks';
import type { Ticket } from '@shared/contracts/tickets';
import { csatSurveys, notifications, webhookDeliveries, webhookEvents, webhooks } from '@shared/schema';
import request from 'supertest';
import { createTokenCipher } from '../../lib/token-cipher';
import { newToken } from '../../lib/single-use-token';
import { notifyOverdueLoans } from '../equipment/overdue-loan-notices';
import { createTestApp, signedInAdminAndAgent, type SignedInUser, type TestApp } from '../../test/test-app';
import { createTicket } from '../../test/support/tickets';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/support/webhook-receiver';
import { startRuleRunner } from '../../rule-runner';
import { startWebhookSender } from './webhook-sender.job';
import { webhookSenderDeps } from './webhook-sender-deps';
import { pruneOldEvents } from './webhooks.repository';

let t: TestApp;
let admin: SignedInUser;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await createTestApp({
    WEBHOOK_RETRY_FIRST_DELAY_SECONDS: '0.1',
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  });
  ({ admin } = await signedInAdminAndAgent(t.app));
  const cipher = createTokenCipher(t.config.encryptionKey!);
  await startWebhookSender(webhookSenderDeps({ db: t.database.db, jobs: t.jobs, config: t.config, cipher }));
  await startRuleRunner({ db: t.database.db, jobs: t.jobs, config: t.config, cipher });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

beforeEach(async () => {
  // Each test its own webhooks and requests.
  await t.database.db.delete(webhooks);
  receiver.received.length = 0;
  receiver.answerWith(() => ({ status: 200 }));
});

/** The receiver's own check, from the README's recipe: HMAC-SHA256 of "<t>.<body>", t recent. */
function verifySignature(
  secret: string,
  header: string,
  body: string,
  nowSeconds = Date.now() / 1000,
): boolean {
  const fields = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = fields.get('t');
  const given = fields.get('v1');
  if (!timestamp || !given || Math.abs(nowSeconds - Number(timestamp)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

async function createWebhook(body: Record<string, unknown>): Promise<CreateWebhookResponse> {
  const res = await admin.agent
    .post('/api/webhooks')
    .send({ url: receiver.url, ...body })
    .expect(201);
  return res.body as CreateWebhookResponse;
}

async function waitFor<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  what: string,
  ms = 15_000,
) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const deliveriesOf = async (id: string) =>
  (await admin.agent.get(`/api/webhooks/${id}/deliveries`).expect(200)).body.deliveries as WebhookDelivery[];
/** A payload as these tests read it. */
interface Payload {
  id: string;
  event: string;
  data: { ticket?: { id: string }; changes?: unknown; note?: string; hoursTracked?: number; rule?: unknown };
}
const bodies = () => receiver.received.map((request) => JSON.parse(request.body) as Payload);

describe('signed deliveries of ticket events', () => {
  it('when a ticket is created, then the receiver gets ticket.created with the documented headers and a signature its own code verifies', async () => {
    const { webhook, secret } = await createWebhook({ events: ['ticket.created'] });
    expect(secret).toMatch(/^whsec_/);
    const ticket = await createTicket(admin.agent, { priority: 'high', subject: 'VPN down' });

    await waitFor(
      () => receiver.received.length,
      (n) => n === 1,
      'the delivery',
    );
    const [got] = receiver.received;
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['x-helpdesk-event']).toBe('ticket.created');
    const payload = JSON.parse(got!.body);
    expect(got!.headers['x-helpdesk-delivery']).toBe(payload.id);
    expect(payload).toMatchObject({
      event: 'ticket.created',
      data: {
        ticket: {
          id: ticket.id,
          number: ticket.ticketNumber,
          subject: 'VPN down',
          priority: 'high',
          status: 'open',
          requester: { name: 'Jordan Lee', email: 'jordan.lee@contoso.com' },
          url: expect.stringMatching(new RegExp(`^http://[^/]+/tickets/${ticket.id}$`)),
        },
      },
    });
    expect(new Date(payload.occurredAt).getTime()).not.toBeNaN();

    const signature = String(got!.headers['x-helpdesk-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(secret, signature, got!.body)).toBe(true);
    // A body changed on the way, another secret, or the same delivery replayed later: refused.
    expect(verifySignature(secret, signature, got!.body.replace('VPN down', 'VPN up'))).toBe(false);
    expect(verifySignature(`${secret}x`, signature, got!.body)).toBe(false);
    expect(verifySignature(secret, signature, got!.body, Date.now() / 1000 + 600)).toBe(false);

    const [delivery] = await waitFor(
      () => deliveriesOf(webhook.id),
      (list) => list[0]?.status === 'delivered',
      'delivered in the list',
    );
    expect(delivery).toMatchObject({
      event: 'ticket.created',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
    });
    expect(delivery!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('when a ticket is changed, noted and closed, then ticket.updated carries each field before and after, note.added the note and ticket.closed the hours', async () => {
    await createWebhook({ events: ['ticket.updated', 'ticket.closed', 'note.added'] });
    const ticket = await createTicket(admin.agent);
    await admin.agent.put(`/api/tickets/${ticket.id}`).send({ priority: 'high' }).expect(200);
    await admin.agent.post(`/api/tickets/${ticket.id}/notes`).send({ text: 'Called the user' }).expect(201);
    await admin.agent.put(`/api/tickets/${ticket.id}`).send({ status: 'closed' }).expect(200);

    await waitFor(
      () => receiver.received.length,
      (n) => n === 4,
      'four deliveries',
    );
    expect(bodies().map((body) => body.event)).toEqual([
      'ticket.updated',
      'note.added',
      'ticket.updated',
      'ticket.closed',
    ]);
    const [priority, note, status, closed] = bodies();
    expect(priority!.data.changes).toEqual({ priority: { before: 'medium', after: 'high' } });
    expect(note!.data.note).toBe('Called the user');
    expect(status!.data.changes).toEqual({ status: { before: 'open', after: 'closed' } });
    expect(closed!.data).toMatchObject({ hoursTracked: 0, ticket: { status: 'closed' } });
  });

  it('when a webhook does not want an event, then nothing is recorded for it', async () => {
    const { webhook } = await createWebhook({ events: ['loan.created'] });
    await createTicket(admin.agent);
    const { rows } = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = ${webhook.id}`,
    );
    expect(rows[0]).toEqual({ n: 0 });
  });
});

describe('retries, order and turning off', () => {
  it('when the receiver fails twice, then the same delivery id is retried until a 2xx, and the list shows three attempts', async () => {
    receiver.answerWith((_request, index) => ({ status: index < 2 ? 500 : 204 }));
    const { webhook } = await createWebhook({ events: ['ticket.created'] });
    await createTicket(admin.agent);

    await waitFor(
      () => receiver.received.length,
      (n) => n === 3,
      'three attempts',
    );
    const ids = receiver.received.map((request) => request.headers['x-helpdesk-delivery']);
    expect(new Set(ids).size).toBe(1);
    expect(new Set(receiver.received.map((request) => request.body)).size).toBe(1);
    const [delivery] = await waitFor(
      () => deliveriesOf(webhook.id),
      (list) => list[0]?.status === 'delivered',
      'delivered',
    );
    expect(delivery).toMatchObject({ attempts: 3, lastStatusCode: 204 });
  });

  it('when the first event is still being retried, then the later ones wait, and all arrive in the order they happened', async () => {
    receiver.answerWith((_request, index) => ({ status: index < 3 ? 503 : 200, delayMs: 20 }));
    await createWebhook({ events: ['ticket.created'] });
    const made: Ticket[] = [];
    for (let i = 0; i < 6; i += 1) made.push(await createTicket(admin.agent));

    await waitFor(
      () => receiver.received.length,
      (n) => n === 3 + 6,
      'every delivery',
      20_000,
    );
    const delivered = receiver.received.slice(3).map((request) => JSON.parse(request.body).data.ticket.id);
    expect(delivered).toEqual(made.map((ticket) => ticket.id));
    // The three failures were all the first ticket's.
    const failed = receiver.received.slice(0, 3).map((request) => JSON.parse(request.body).data.ticket.id);
    expect(failed).toEqual([made[0]!.id, made[0]!.id, made[0]!.id]);
  });

  it("when one webhook's receiver is slow, then another webhook's events go out at once, not behind it", async () => {
    const slowFor = (request: { headers: Record<string, unknown> }) =>
      request.headers[WEBHOOK_HEADERS.event.toLowerCase()] === 'ticket.created';
    receiver.answerWith((request) => (slowFor(request) ? { status: 200, delayMs: 6_000 } : { status: 200 }));
    await createWebhook({ events: ['ticket.created'] });
    await createWebhook({ events: ['ticket.updated'] });
    const ticket = await createTicket(admin.agent);
    await waitFor(
      () => receiver.received.length,
      (n) => n === 1,
      'the slow delivery under way',
    );
    // Each change commits while the run waits on the slow lane: its kick wakes the run at once.
    const waits: number[] = [];
    for (const priority of ['high', 'low', 'medium']) {
      const before = receiver.received.length;
      await admin.agent.put(`/api/tickets/${ticket.id}`).send({ priority }).expect(200);
      const changed = Date.now();
      await waitFor(
        () => receiver.received.length,
        (n) => n === before + 1,
        'the fast delivery',
      );
      waits.push(receiver.received.at(-1)!.at - changed);
    }
    // Without the wake-up the mean is about 900 ms; with it, tens of ms (a loaded machine: a few hundred).
    expect(waits.reduce((sum, wait) => sum + wait, 0) / waits.length).toBeLessThan(500);
    expect(receiver.received.slice(1).every((request) => !slowFor(request))).toBe(true);
  });

  it('when a redirect answers, then it is not followed and the attempt failed', async () => {
    const elsewhere = await startWebhookReceiver();
    try {
      receiver.answerWith(() => ({ status: 302, headers: { Location: elsewhere.url } }));
      const { webhook } = await createWebhook({ events: ['ticket.created'] });
      await createTicket(admin.agent);
      const [delivery] = await waitFor(
        () => deliveriesOf(webhook.id),
        (list) => (list[0]?.attempts ?? 0) >= 1,
        'an attempt',
      );
      expect(delivery).toMatchObject({
        status: 'retrying',
        lastStatusCode: 302,
        lastError: 'Answered 302 (a redirect is not followed)',
      });
      expect(elsewhere.received).toHaveLength(0);
      await admin.agent.put(`/api/webhooks/${webhook.id}`).send({ active: false }).expect(200);
    } finally {
      await elsewhere.close();
    }
  });

  it('when attempts fail, then each adds one to the failures in a row, and a delivered one sets them back to 0', async () => {
    receiver.answerWith((_request, index) => ({ status: index < 3 ? 500 : 200 }));
    const { webhook } = await createWebhook({ events: ['ticket.created'] });
    const failuresOf = async () =>
      (await t.database.db.select().from(webhooks).where(eq(webhooks.id, webhook.id)))[0]!
        .consecutiveFailures;
    await createTicket(admin.agent);
    await waitFor(
      () => receiver.received.length,
      (n) => n === 3,
      'three failed attempts',
    );
    await waitFor(failuresOf, (n) => n === 3 || n === 0, 'the count');
    await waitFor(
      () => receiver.received.length,
      (n) => n === 4,
      'the delivery',
    );
    await waitFor(failuresOf, (n) => n === 0, 'the count back to 0');
  });

  it('when the 20th attempt in a row fails, then the webhook is turned off, what waits is failed, and every admin gets a notice', async () => {
    // Slow failures: the second event is recorded while the first one's attempt is on its way.
    receiver.answerWith(() => ({ status: 500, delayMs: 400 }));
    const { webhook } = await createWebhook({ events: ['ticket.created'] });
    // Nineteen failures already (at real doubling delays they take hours), then two events.
    await t.database.db.update(webhooks).set({ consecutiveFailures: 19 }).where(eq(webhooks.id, webhook.id));
    await createTicket(admin.agent);
    await createTicket(admin.agent);

    const listed = await waitFor(
      async () => (await admin.agent.get('/api/webhooks').expect(200)).body.webhooks as Webhook[],
      (list) => list.some((each) => each.id === webhook.id && !each.active),
      'turned off',
    );
    expect(listed.find((each) => each.id === webhook.id)!.disabledReason).toBe(
      'Turned off after 20 failed deliveries in a row',
    );
    expect(receiver.received).toHaveLength(1);
    const deliveries = await deliveriesOf(webhook.id);
    expect(deliveries.map((delivery) => delivery.status)).toEqual(['failed', 'failed']);
    expect(deliveries[0]!.lastError).toBe('The webhook was turned off before this was delivered');
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'webhook_off'));
    expect(notices.map((notice) => notice.userId)).toEqual([admin.user.id]);
    expect(notices[0]!.text).toBe(`Webhook turned off after 20 failed deliveries: ${receiver.url}`);

    // Turned on again by an admin: the count starts over and new events flow.
    receiver.answerWith(() => ({ status: 200 }));
    const on = await admin.agent.put(`/api/webhooks/${webhook.id}`).send({ active: true }).expect(200);
    expect(on.body.webhook).toMatchObject({ active: true, disabledReason: null });
    await createTicket(admin.agent);
    await waitFor(
      () => receiver.received.length,
      (n) => n === 2,
      'the next event',
    );
  });
});

describe('redelivery, ping and the slack format', () => {
  it('when a delivery is redelivered, then the receiver gets it again with the same id', async () => {
    const { webhook } = await createWebhook({ events: ['ticket.created'] });
    await createTicket(admin.agent);
    const [delivery] = await waitFor(
      () => deliveriesOf(webhook.id),
      (list) => list[0]?.status === 'delivered',
      'delivered',
    );
    const again = await admin.agent
      .post(`/api/webhooks/${webhook.id}/deliveries/${delivery!.id}/redeliver`)
      .expect(202);
    expect(again.body.delivery).toMatchObject({ id: delivery!.id, status: 'retrying' });
    await waitFor(
      () => receiver.received.length,
      (n) => n === 2,
      'the redelivery',
    );
    expect(receiver.received[1]!.headers['x-helpdesk-delivery']).toBe(delivery!.id);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    await admin.agent.post(`/api/webhooks/${webhook.id}/deliveries/${randomUUID()}/redeliver`).expect(404);
  });

  it('when Send Test is pressed, then a ping arrives whatever the webhook subscribed to', async () => {
    const { webhook, secret } = await createWebhook({ events: ['loan.returned'] });
    const ping = await admin.agent.post(`/api/webhooks/${webhook.id}/test`).expect(202);
    expect(ping.body.delivery).toMatchObject({ event: 'ping', status: 'retrying', attempts: 0 });
    await waitFor(
      () => receiver.received.length,
      (n) => n === 1,
      'the ping',
    );
    const [got] = receiver.received;
    expect(JSON.parse(got!.body)).toMatchObject({
      id: ping.body.delivery.id,
      event: 'ping',
      data: { webhookId: webhook.id },
    });
    expect(verifySignature(secret, String(got!.headers['x-helpdesk-signature']), got!.body)).toBe(true);
  });

  it('when the format is slack, then the body is one line of text as Slack and Teams expect', async () => {
    await createWebhook({ events: ['ticket.created'], format: 'slack' });
    const ticket = await createTicket(admin.agent, {
      priority: 'high',
      subject: 'VPN down',
      fromName: 'Dana Scully',
    });
    await waitFor(
      () => receiver.received.length,
      (n) => n === 1,
      'the message',
    );
    const body = JSON.parse(receiver.received[0]!.body);
    expect(Object.keys(body)).toEqual(['text']);
    expect(body.text).toMatch(
      new RegExp(
        `^New high ticket ${ticket.ticketNumber} from Dana Scully: VPN down, <http://[^>]+/tickets/${ticket.id}>$`,
      ),
    );
  });

  it('when a webhook is made, then its secret is answered once and stored sealed', async () => {
    const { webhook, secret } = await createWebhook({ events: ['ticket.created'] });
    const listed = await admin.agent.get('/api/webhooks').expect(200);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    const [row] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(row!.secretSealed).not.toContain(secret.slice(6));
    const rotated = await admin.agent.post(`/api/webhooks/${webhook.id}/rotate-secret`).expect(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);
    await admin.agent.post(`/api/webhooks/${webhook.id}/test`).expect(202);
    await waitFor(
      () => receiver.received.length,
      (n) => n === 1,
      'the ping',
    );
    const got = receiver.received[0]!;
    expect(verifySignature(rotated.body.secret, String(got.headers['x-helpdesk-signature']), got.body)).toBe(
      true,
    );
    expect(verifySignature(secret, String(got.headers['x-helpdesk-signature']), got.body)).toBe(false);
  });
});

describe('events besides ticket changes', () => {
  const loan = {
    productType: 'laptop',
    personName: 'Grace Hopper',
    phone: '555-0100',
    officeNumber: 'B-204',
    checkoutDate: '2026-03-01',
    expectedReturnDate: '2026-03-08',
  };

  it('when a loan is lent, returned and found overdue, then loan.created, loan.returned and loan.overdue arrive, the overdue one once', async () => {
    await createWebhook({ events: ['loan.created', 'loan.returned', 'loan.overdue'] });
    const lent = (await admin.agent.post('/api/loaner-equipment').send(loan).expect(201)).body;
    const lentId = (lent.equipment ?? lent).id as string;
    const late = (
      await admin.agent
        .post('/api/loaner-equipment')
        .send({ ...loan, personName: 'Ada Lovelace' })
        .expect(201)
    ).body;
    const lateId = (late.equipment ?? late).id as string;
    await admin.agent
      .put(`/api/loaner-equipment/${lentId}`)
      .send({ isReturned: true, actualReturnDate: '2026-03-05' })
      .expect(200);
    // Two passes (or two processes) find the same overdue loan: one event.
    await notifyOverdueLoans(t.database.db);
    await notifyOverdueLoans(t.database.db);

    await waitFor(
      () => receiver.received.length,
      (n) => n >= 4,
      'the loan events',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const events = bodies().map((body) => [
      body.event,
      (body.data as unknown as { loan: { id: string } }).loan.id,
    ]);
    expect(events).toEqual([
      ['loan.created', lentId],
      ['loan.created', lateId],
      ['loan.returned', lentId],
      ['loan.overdue', lateId],
    ]);
    const returned = bodies()[2]!.data as unknown as { loan: Record<string, unknown> };
    expect(returned.loan).toEqual({
      id: lentId,
      productType: 'laptop',
      assetTag: null,
      borrower: { name: 'Grace Hopper', phone: '555-0100', officeNumber: 'B-204' },
      checkoutDate: '2026-03-01',
      expectedReturnDate: '2026-03-08',
      returnedOn: '2026-03-05',
      ticketId: null,
    });
  });

  it('when a requester rates a closed ticket, then rating.received carries the rating and comment', async () => {
    await createWebhook({ events: ['rating.received'] });
    const ticket = await createTicket(admin.agent);
    const { token, tokenHash } = newToken();
    await t.database.db.insert(csatSurveys).values({
      ticketId: ticket.id,
      changeId: randomUUID(),
      requesterEmail: 'jordan.lee@contoso.com',
      status: 'sent',
      tokenHash,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await request(t.app)
      .post(`/api/portal/ratings/${token}`)
      .send({ score: 'bad', comment: 'Slow' })
      .expect(200);
    await waitFor(
      () => receiver.received.length,
      (n) => n === 1,
      'the rating',
    );
    expect(bodies()[0]).toMatchObject({
      event: 'rating.received',
      data: { ticket: { id: ticket.id }, rating: 'bad', comment: 'Slow' },
    });
  });
});

describe("the rules' webhook action", () => {
  it('when a trigger with a webhook action fires, then rule.matched with the rule and the ticket goes to that webhook, whatever it subscribed to', async () => {
    const { webhook } = await createWebhook({ events: ['loan.returned'] });
    const rule = {
      name: 'Tell the on-call bot',
      kind: 'trigger',
      events: ['ticket_created'],
      conditions: { all: [{ field: 'subject', op: 'contains_words', value: ['outage'] }], any: [] },
      actions: [{ kind: 'webhook', value: webhook.id }],
    };
    const unknown = await admin.agent
      .post('/api/rules')
      .send({ ...rule, actions: [{ kind: 'webhook', value: randomUUID() }] })
      .expect(400);
    expect(JSON.stringify(unknown.body)).toContain('No webhook has this id');
    const made = (await admin.agent.post('/api/rules').send(rule).expect(201)).body.rule as { id: string };

    await createTicket(admin.agent, { subject: 'Printer jam' });
    const ticket = await createTicket(admin.agent, { subject: 'Email outage' });
    await waitFor(
      () => receiver.received.length,
      (n) => n === 1,
      'the rule delivery',
    );
    expect(bodies()[0]).toMatchObject({
      event: 'rule.matched',
      data: { rule: { id: made.id, name: 'Tell the on-call bot' }, ticket: { id: ticket.id } },
    });
    await admin.agent
      .put(`/api/rules/${made.id}`)
      .send({ ...rule, active: false })
      .expect(200);
  });
});

describe('keeping the deliveries', () => {
  it('when events are older than the days kept, then those done are deleted with their deliveries, and one still waiting stays', async () => {
    const { webhook } = await createWebhook({ events: ['ticket.created'], active: false });
    const old = new Date(Date.now() - (WEBHOOK_LIMITS.keepDays + 1) * 86_400_000);
    const insertOld = async (status: string) => {
      const [event] = await t.database.db
        .insert(webhookEvents)
        .values({ event: 'ticket.created', occurredAt: old, data: {} })
        .returning();
      await t.database.db
        .insert(webhookDeliveries)
        .values({ webhookId: webhook.id, eventId: event!.id, status });
      return event!.id;
    };
    const done = await insertOld('delivered');
    const failed = await insertOld('failed');
    const waiting = await insertOld('pending');
    expect(await pruneOldEvents(t.database.db, 100)).toBe(2);
    const left = (await t.database.db.select({ id: webhookEvents.id }).from(webhookEvents)).map(
      (row) => row.id,
    );
    expect(left).toContain(waiting);
    expect(left).not.toContain(done);
    expect(left).not.toContain(failed);
  });
});
