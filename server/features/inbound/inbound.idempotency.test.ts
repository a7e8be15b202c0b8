import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import { listen } from '../../test/support/tickets';
import {
  countRows,
  createInboundTestApp,
  emailPayload,
  INBOUND_TOKEN,
  postEmail,
  postRaw,
  rawMessage,
  readFixture,
} from '../../test/support/inbound';

let t: TestApp;
let server: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  // A high sender limit: these tests deliver many copies and messages from few senders.
  t = await createInboundTestApp({ INBOUND_MAX_TICKETS_PER_SENDER_PER_MINUTE: '1000' });
  server = await listen(t.app);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

const ticketsWithSubject = async (subject: string) => {
  const { rows } = await t.database.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM tickets WHERE subject = $1',
    [subject],
  );
  return rows[0]!.n;
};

describe('redelivery of the same message', () => {
  it('when a message with a Message-ID comes twice, then 201 then 200 duplicate with the same ticket', async () => {
    const payload = emailPayload({ headers: { 'Message-ID': '<same-id-1@contoso.com>' } });
    const first = await postEmail(t.app, payload).expect(201);
    const second = await postEmail(t.app, payload).expect(200);
    expect(second.body).toEqual({ ticket: first.body.ticket, created: false, duplicate: true });
  });

  it('when the copies differ but share the Message-ID, then they are one message', async () => {
    const first = await postEmail(
      t.app,
      emailPayload({ headers: { 'message-id': 'shared-2@contoso.com' } }),
    ).expect(201);
    const second = await postEmail(
      t.app,
      emailPayload({ headers: { 'Message-Id': '<shared-2@contoso.com>' }, subject: 'Other subject' }),
    ).expect(200);
    expect(second.body.ticket.id).toBe(first.body.ticket.id);
    expect(second.body.duplicate).toBe(true);
  });

  it('when a message without Message-ID comes again with the same sender, subject and received, then it is a duplicate', async () => {
    const payload = emailPayload({ subject: 'No message id', received: '2026-03-01T09:30:00Z' });
    const first = await postEmail(t.app, payload).expect(201);
    const again = await postEmail(
      t.app,
      // The same sender in other letter case and the same time written another way.
      {
        ...payload,
        from: payload.from.toUpperCase().replace('JORDAN LEE', 'Jordan Lee'),
        received: '2026-03-01T10:30:00+01:00',
      },
    ).expect(200);
    expect(again.body).toMatchObject({
      created: false,
      duplicate: true,
      ticket: { id: first.body.ticket.id },
    });
    expect(await ticketsWithSubject('No message id')).toBe(1);
  });

  it('when sender, subject or received differ (no Message-ID), then each is a new ticket', async () => {
    const payload = emailPayload({
      subject: 'Distinct',
      from: 'ann@contoso.com',
      received: '2026-03-01T09:30:00Z',
    });
    await postEmail(t.app, payload).expect(201);
    await postEmail(t.app, { ...payload, from: 'bob@contoso.com' }).expect(201);
    await postEmail(t.app, { ...payload, received: '2026-03-01T09:30:01Z' }).expect(201);
    await postEmail(t.app, { ...payload, subject: 'Distinct too' }).expect(201);
    expect(await ticketsWithSubject('Distinct')).toBe(3);
  });

  it('when a raw message is delivered twice, then one ticket', async () => {
    const first = await postRaw(t.app, readFixture('html-only.eml')).expect(201);
    const second = await postRaw(t.app, readFixture('html-only.eml')).expect(200);
    expect(second.body).toMatchObject({ duplicate: true, ticket: { id: first.body.ticket.id } });
  });

  it('when a raw message without Message-ID and Date is delivered twice, then its bytes identify it', async () => {
    const message = rawMessage({ From: 'noid@contoso.com', Subject: 'No id, no date' });
    await postRaw(t.app, message).expect(201);
    await postRaw(t.app, message).expect(200);
    await postRaw(
      t.app,
      rawMessage({ From: 'noid@contoso.com', Subject: 'No id, no date' }, 'Other text'),
    ).expect(201);
    expect(await ticketsWithSubject('No id, no date')).toBe(2);
  });

  it('when the same message comes as JSON and raw with one Message-ID, then one ticket', async () => {
    const first = await postRaw(
      t.app,
      rawMessage({
        From: 'mixed@contoso.com',
        Subject: 'Both ways',
        'Message-ID': '<both-ways@contoso.com>',
      }),
    ).expect(201);
    const second = await postEmail(
      t.app,
      emailPayload({
        from: 'mixed@contoso.com',
        subject: 'Both ways',
        headers: { 'Message-ID': '<both-ways@contoso.com>' },
      }),
    ).expect(200);
    expect(second.body.ticket.id).toBe(first.body.ticket.id);
  });
});

describe('redelivery under concurrency', () => {
  it('when 50 copies of one message arrive at once, then exactly one ticket; answers are 201 once and 200 otherwise', async () => {
    const payload = emailPayload({
      subject: 'Concurrent copies',
      headers: { 'Message-ID': '<storm-1@contoso.com>' },
    });
    const before = await countRows(t, 'inbound_messages');
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        request(server.url)
          .post('/api/inbound/email')
          .set('Authorization', `Bearer ${INBOUND_TOKEN}`)
          .send(payload),
      ),
    );
    const statuses = responses.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(49).fill(200), 201]);
    const ids = new Set(responses.map((res) => res.body.ticket.id));
    expect(ids.size).toBe(1);
    expect(await ticketsWithSubject('Concurrent copies')).toBe(1);
    expect(await countRows(t, 'inbound_messages')).toBe(before + 1);
  });

  it('when 50 copies of a message without Message-ID arrive at once, then exactly one ticket', async () => {
    const payload = emailPayload({ subject: 'Concurrent, no id' });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        request(server.url)
          .post('/api/inbound/email')
          .set('Authorization', `Bearer ${INBOUND_TOKEN}`)
          .send(payload),
      ),
    );
    expect(responses.map((res) => res.status).sort()).toEqual([...Array(49).fill(200), 201]);
    expect(await ticketsWithSubject('Concurrent, no id')).toBe(1);
  });

  it('when 30 distinct messages arrive at once, then 30 tickets with distinct numbers', async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        request(server.url)
          .post('/api/inbound/email')
          .set('Authorization', `Bearer ${INBOUND_TOKEN}`)
          .send(emailPayload({ subject: 'Concurrent distinct', from: `sender${i}@contoso.com` })),
      ),
    );
    expect(responses.map((res) => res.status)).toEqual(Array(30).fill(201));
    expect(new Set(responses.map((res) => res.body.ticket.ticketNumber)).size).toBe(30);
    expect(await ticketsWithSubject('Concurrent distinct')).toBe(30);
  });

  it('when a recorded ticket is deleted, then a later copy of its message opens a new ticket', async () => {
    const payload = emailPayload({ headers: { 'Message-ID': '<deleted-later@contoso.com>' } });
    const first = await postEmail(t.app, payload).expect(201);
    await t.database.pool.query('DELETE FROM tickets WHERE id = $1', [first.body.ticket.id]);
    const again = await postEmail(t.app, payload).expect(201);
    expect(again.body.ticket.id).not.toBe(first.body.ticket.id);
  });
});
