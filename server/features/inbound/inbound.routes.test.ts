import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketDetailSchema } from '@shared/contracts/tickets';
import { createApp } from '../../app';
import { loadConfig } from '../../config';
import type { TestApp } from '../../test/test-app';
import { signedInAgent } from '../../test/test-app';
import { INBOUND_AUTH_MESSAGES } from './inbound-auth';
import {
  countRows,
  createInboundTestApp,
  emailPayload,
  INBOUND_TOKEN,
  postEmail,
  postRaw,
} from '../../test/support/inbound';
import { humanizeKey } from '../../lib/field-labels';

const MAX_BYTES = 64 * 1024;
let t: TestApp;

beforeAll(async () => {
  t = await createInboundTestApp({ INBOUND_MAX_BYTES: String(MAX_BYTES) });
});
afterAll(() => t.close());

describe('authentication', () => {
  it('when no token is sent, then 401 with a Bearer challenge and nothing is created', async () => {
    const before = await countRows(t, 'tickets');
    const res = await request(t.app).post('/api/inbound/email').send(emailPayload()).expect(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="inbound-email"');
    expect(res.body.message).toBe(INBOUND_AUTH_MESSAGES.unauthorized);
    expect(await countRows(t, 'tickets')).toBe(before);
  });

  it.each([
    ['a wrong token', `Bearer ${INBOUND_TOKEN}x`],
    ['a prefix of the token', `Bearer ${INBOUND_TOKEN.slice(0, 10)}`],
    ['the token as Basic credentials', `Basic ${INBOUND_TOKEN}`],
    ['the token without a scheme', INBOUND_TOKEN],
  ])('when %s is sent, then 401', async (_case, header) => {
    await request(t.app)
      .post('/api/inbound/email')
      .set('Authorization', header)
      .send(emailPayload())
      .expect(401);
  });

  it('when the right token is sent, without any session, then 201 with the new ticket', async () => {
    const res = await postEmail(t.app, emailPayload()).expect(201);
    expect(res.body.created).toBe(true);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('when the scheme is written in lower case, then the token is still accepted', async () => {
    await request(t.app)
      .post('/api/inbound/email')
      .set('Authorization', `bearer ${INBOUND_TOKEN}`)
      .send(emailPayload())
      .expect(201);
  });

  it('when the request comes with a foreign Origin, then the same-origin check does not apply (token auth)', async () => {
    await postEmail(t.app, emailPayload())
      .set('Origin', 'https://mail-relay.example.net')
      .set('Sec-Fetch-Site', 'cross-site')
      .expect(201);
  });

  it('when the token is wrong and the body is oversized, then 401 (the body is not read first)', async () => {
    await postRaw(t.app, Buffer.alloc(MAX_BYTES * 2, 'a'), 'wrong-token-wrong-token').expect(401);
  });

  it('when no token is configured, then 503 saying how to enable it, whatever the token', async () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const disabled = createApp({
      config,
      pool: t.database.pool,
      db: t.database.db,
      sessionSecret: 'test-session-secret-test-session-secret',
    });
    const res = await postEmail(disabled, emailPayload()).expect(503);
    expect(res.body.message).toBe(INBOUND_AUTH_MESSAGES.disabled);
    await request(disabled).post('/api/inbound/email').send(emailPayload()).expect(503);
  });
});

describe('JSON payload', () => {
  it('when from is "Name <address>", then the ticket is open, from that name and address, dated by received', async () => {
    const payload = emailPayload({
      from: 'Jordan Lee <jordan.lee@contoso.com>',
      subject: 'Printer on 3rd floor jams',
      body: 'It jams every morning.',
      received: '2026-03-01T10:30:00+01:00',
    });
    const res = await postEmail(t.app, payload).expect(201);
    const ticket = ticketDetailSchema.parse(res.body.ticket);
    expect(res.body).toEqual({ ticket: res.body.ticket, created: true });
    expect(ticket).toMatchObject({
      subject: 'Printer on 3rd floor jams',
      body: 'It jams every morning.',
      bodyText: 'It jams every morning.',
      fromEmail: 'jordan.lee@contoso.com',
      fromName: 'Jordan Lee',
      status: 'open',
      priority: 'medium',
      assignedTo: null,
      lastUpdatedBy: null,
      closedAt: null,
      notes: null,
      attachments: [],
      originalEmailDate: '2026-03-01T09:30:00.000Z',
    });
    expect(ticket.ticketNumber).toMatch(/^T-\d+$/);
  });

  it('when from is a bare address, then the address is also the name', async () => {
    const res = await postEmail(t.app, emailPayload({ from: 'sam.rivera@fabrikam.com' })).expect(201);
    expect(res.body.ticket).toMatchObject({
      fromEmail: 'sam.rivera@fabrikam.com',
      fromName: 'sam.rivera@fabrikam.com',
    });
  });

  it('when from_name is given, then it overrides the name in from', async () => {
    const res = await postEmail(
      t.app,
      emailPayload({ from: 'J. Lee <jordan.lee@contoso.com>', from_name: 'Jordan Lee (Finance)' }),
    ).expect(201);
    expect(res.body.ticket).toMatchObject({
      fromEmail: 'jordan.lee@contoso.com',
      fromName: 'Jordan Lee (Finance)',
    });
  });

  it('when received is an RFC 5322 date, then it is the original email date', async () => {
    const res = await postEmail(t.app, emailPayload({ received: 'Sun, 01 Mar 2026 09:30:00 -0500' })).expect(
      201,
    );
    expect(res.body.ticket.originalEmailDate).toBe('2026-03-01T14:30:00.000Z');
  });

  it.each(['low', 'medium', 'high'])('when priority is %s, then the ticket has it', async (priority) => {
    const res = await postEmail(t.app, emailPayload({ priority })).expect(201);
    expect(res.body.ticket.priority).toBe(priority);
  });

  it('when attachments are listed, then the ticket records them', async () => {
    const attachments = [{ filename: 'log.txt', contentType: 'text/plain', size: 120 }];
    const res = await postEmail(t.app, emailPayload({ attachments })).expect(201);
    expect(res.body.ticket.attachments).toEqual(attachments);
  });

  it('when the body is HTML, then the body is kept as received and bodyText is its text', async () => {
    const res = await postEmail(
      t.app,
      emailPayload({
        body: '<p>Banner [EXTERNAL]</p><p>VPN <b>drops</b> &amp; reconnects</p><script>x()</script>',
      }),
    ).expect(201);
    expect(res.body.ticket.body).toContain('<script>');
    expect(res.body.ticket.bodyText).toBe('VPN drops & reconnects');
  });

  it('when an agent opens the emailed ticket, then it is in the list and its detail has bodyText', async () => {
    const created = (await postEmail(t.app, emailPayload({ subject: 'Listed email ticket' })).expect(201))
      .body.ticket;
    const { agent } = await signedInAgent(t.app);
    const list = await agent.get('/api/tickets').query({ search: 'Listed email ticket' }).expect(200);
    expect(list.body.tickets.map((ticket: { id: string }) => ticket.id)).toEqual([created.id]);
    expect(list.body.tickets[0].bodyText).toBeUndefined();
    const detail = await agent.get(`/api/tickets/${created.id}`).expect(200);
    expect(detail.body.ticket.bodyText).toBe('It jams every morning.');
  });
});

describe('bad input', () => {
  it.each([
    ['from is not an address', 'from', { from: 'Jordan Lee' }],
    ['from has no address in its brackets', 'from', { from: 'Jordan <jordan>' }],
    ['received is not a date', 'received', { received: 'yesterday' }],
    ['received is a number', 'received', { received: 1700000000000 }],
    [
      'received is longer than 200 characters',
      'received',
      { received: '01 Jan 2026 10:00' + ' '.repeat(200) },
    ],
    ['priority is not a priority', 'priority', { priority: 'urgent' }],
    ['subject is missing', 'subject', { subject: undefined }],
    ['subject is blank', 'subject', { subject: '   ' }],
    ['body is missing', 'body', { body: undefined }],
    ['from is missing', 'from', { from: undefined }],
    ['received is missing', 'received', { received: undefined }],
    ['from_name is not text', 'from_name', { from_name: 42 }],
    ['headers are not an object', 'headers', { headers: 'Auto-Submitted: no' }],
    ['subject is too long', 'subject', { subject: 'x'.repeat(1_001) }],
    ['body holds a NUL character', 'body', { body: 'a\u0000b' }],
  ])('when %s, then 400 naming %s and nothing is created', async (_case, field, overrides) => {
    const before = await countRows(t, 'tickets');
    const res = await postEmail(t.app, emailPayload(overrides)).expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual([field]);
    // Named by its label, not its key (decision 120): "Received must be …", "Subject is required".
    expect(res.body.message).toMatch(new RegExp(`^${humanizeKey(field)}`, 'i'));
    expect(res.body.message).toContain(res.body.fieldErrors[field][0]);
    expect(await countRows(t, 'tickets')).toBe(before);
  });

  it('when priority is invalid, then the message lists the choices', async () => {
    const res = await postEmail(t.app, emailPayload({ priority: 'urgent' })).expect(400);
    expect(res.body.fieldErrors.priority).toEqual(['Priority must be one of low, medium, high']);
  });

  it('when the JSON is malformed, then 400', async () => {
    const res = await request(t.app)
      .post('/api/inbound/email')
      .set('Authorization', `Bearer ${INBOUND_TOKEN}`)
      .set('Content-Type', 'application/json')
      .send('{"subject": ')
      .expect(400);
    expect(res.body.message).toBe('The request body is not valid JSON');
  });

  it('when there is no body, then 400', async () => {
    await request(t.app)
      .post('/api/inbound/email')
      .set('Authorization', `Bearer ${INBOUND_TOKEN}`)
      .expect(400);
  });

  it('when the content type is neither JSON nor message/rfc822, then 400 naming the content type', async () => {
    const res = await request(t.app)
      .post('/api/inbound/email')
      .set('Authorization', `Bearer ${INBOUND_TOKEN}`)
      .set('Content-Type', 'text/plain')
      .send('From: a@contoso.com\n\nhi')
      .expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['content-type']);
  });

  it('when a JSON payload is larger than INBOUND_MAX_BYTES, then 413', async () => {
    const res = await postEmail(t.app, emailPayload({ body: 'x'.repeat(MAX_BYTES) })).expect(413);
    expect(res.body.message).toBe('The request body is too large');
  });

  it('when a raw message is larger than INBOUND_MAX_BYTES, then 413 and nothing is created', async () => {
    const before = await countRows(t, 'tickets');
    const big = `From: a@contoso.com\r\nSubject: big\r\n\r\n${'x'.repeat(MAX_BYTES)}`;
    await postRaw(t.app, big).expect(413);
    expect(await countRows(t, 'tickets')).toBe(before);
  });
});
