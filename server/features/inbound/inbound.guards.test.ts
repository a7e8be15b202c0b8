import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import {
  countRows,
  createInboundTestApp,
  emailPayload,
  postEmail,
  postRaw,
  rawMessage,
  readFixture,
  SUPPORT_ADDRESS,
} from '../../test/support/inbound';

const LIMIT = 3;
let t: TestApp;

beforeAll(async () => {
  t = await createInboundTestApp({ INBOUND_MAX_TICKETS_PER_SENDER_PER_MINUTE: String(LIMIT) });
});
afterAll(() => t.close());

async function expectNothingCreated(work: () => Promise<unknown>) {
  const tables = ['tickets', 'inbound_messages', 'ticket_messages'] as const;
  const before = await Promise.all(tables.map((table) => countRows(t, table)));
  await work();
  expect(await Promise.all(tables.map((table) => countRows(t, table)))).toEqual(before);
}

describe('auto-replies and mail loops', () => {
  it.each([
    ['Auto-Submitted: auto-replied', { 'Auto-Submitted': 'auto-replied' }, 'auto_submitted'],
    ['Auto-Submitted: auto-generated', { 'Auto-Submitted': 'auto-generated' }, 'auto_submitted'],
    ['X-Autoreply: yes', { 'X-Autoreply': 'yes' }, 'x_autoreply'],
    ['X-Autorespond', { 'X-Autorespond': 'Out of office' }, 'x_autorespond'],
    ['Precedence: bulk', { Precedence: 'bulk' }, 'precedence'],
    ['Precedence: junk', { Precedence: 'junk' }, 'precedence'],
    ['Precedence: list', { Precedence: 'list' }, 'precedence'],
  ])('when a JSON payload carries %s, then 202 and nothing is created', async (_case, headers, reason) => {
    await expectNothingCreated(async () => {
      const res = await postEmail(t.app, emailPayload({ headers })).expect(202);
      expect(res.body).toEqual({ accepted: true, ignored: reason });
    });
  });

  it.each([
    ['our own support address', `Help Desk <${SUPPORT_ADDRESS.toUpperCase()}>`, 'own_address'],
    ['mailer-daemon', 'Mail Delivery System <MAILER-DAEMON@mx.contoso.com>', 'mailer_daemon'],
    ['postmaster', 'postmaster@contoso.com', 'mailer_daemon'],
  ])('when the mail comes from %s, then 202 and nothing is created', async (_case, from, reason) => {
    await expectNothingCreated(async () => {
      const res = await postEmail(t.app, emailPayload({ from })).expect(202);
      expect(res.body).toEqual({ accepted: true, ignored: reason });
    });
  });

  it('when a raw auto-reply arrives, then its own headers are read: 202 and nothing is created', async () => {
    await expectNothingCreated(async () => {
      const res = await postRaw(t.app, readFixture('auto-reply.eml')).expect(202);
      expect(res.body).toEqual({ accepted: true, ignored: 'auto_submitted' });
    });
  });

  it.each([
    ['X-Autoreply: yes', { 'X-Autoreply': 'yes' }, 'x_autoreply'],
    ['X-Autorespond', { 'X-Autorespond': 'yes' }, 'x_autorespond'],
    ['Precedence: bulk', { Precedence: 'bulk' }, 'precedence'],
    ['a bounce from MAILER-DAEMON', { From: 'MAILER-DAEMON@mx.contoso.com' }, 'mailer_daemon'],
    ['our own address', { From: SUPPORT_ADDRESS }, 'own_address'],
  ])('when a raw message carries %s, then 202', async (_case, headers, reason) => {
    await expectNothingCreated(async () => {
      const message = rawMessage({ From: 'jordan.lee@contoso.com', Subject: 'Auto', ...headers });
      const res = await postRaw(t.app, message).expect(202);
      expect(res.body.ignored).toBe(reason);
    });
  });

  it('when an auto-reply names an existing ticket or answers its message, then no message or note is added either', async () => {
    const original = `<auto-target-${Date.now()}@contoso.com>`;
    const ticket = (await postEmail(t.app, emailPayload({ headers: { 'Message-ID': original } })).expect(201))
      .body.ticket;
    await postEmail(
      t.app,
      emailPayload({
        from: ticket.fromEmail,
        subject: `Automatic reply: [${ticket.ticketNumber}]`,
        headers: { 'Auto-Submitted': 'auto-replied', 'In-Reply-To': original },
      }),
    ).expect(202);
    const { rows } = await t.database.pool.query(
      'SELECT notes, (SELECT count(*)::int FROM ticket_messages WHERE ticket_id = $1) AS messages FROM tickets WHERE id = $1',
      [ticket.id],
    );
    expect(rows[0]).toEqual({ notes: null, messages: 0 });
  });

  it('when Auto-Submitted is "no", then the mail is ordinary and opens a ticket', async () => {
    await postEmail(t.app, emailPayload({ headers: { 'Auto-Submitted': 'no' } })).expect(201);
  });
});

describe('per-sender limit', () => {
  it('when one sender goes over the limit in a minute, then 429 with Retry-After and nothing more is created', async () => {
    const from = 'Flood <flood@contoso.com>';
    for (let i = 0; i < LIMIT; i++) await postEmail(t.app, emailPayload({ from })).expect(201);
    await expectNothingCreated(async () => {
      const res = await postEmail(t.app, emailPayload({ from: 'FLOOD@contoso.com' })).expect(429);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    });
  });

  it('when a sender is throttled, then other senders are not', async () => {
    const from = 'busy@contoso.com';
    for (let i = 0; i < LIMIT; i++) await postEmail(t.app, emailPayload({ from })).expect(201);
    await postEmail(t.app, emailPayload({ from })).expect(429);
    await postEmail(t.app, emailPayload({ from: 'calm@contoso.com' })).expect(201);
  });

  it('when a throttled sender redelivers a message already taken, then it is still answered as a duplicate', async () => {
    const from = 'redeliver@contoso.com';
    const first = emailPayload({ from });
    await postEmail(t.app, first).expect(201);
    for (let i = 1; i < LIMIT; i++) await postEmail(t.app, emailPayload({ from })).expect(201);
    await postEmail(t.app, emailPayload({ from })).expect(429);
    await postEmail(t.app, first).expect(200);
  });

  it('when replies that join a conversation push a sender over the limit, then they count too', async () => {
    const original = '<chatty-thread@contoso.com>';
    const ticket = (await postEmail(t.app, emailPayload({ headers: { 'Message-ID': original } })).expect(201))
      .body.ticket;
    // A colleague in copy, answering the original message: a participant of the ticket.
    const from = 'chatty@contoso.com';
    const reply = (subject: string) => emailPayload({ from, subject, headers: { 'In-Reply-To': original } });
    for (let i = 0; i < LIMIT; i++) {
      await postEmail(t.app, reply(`Re: [${ticket.ticketNumber}] #${i}`)).expect(200);
    }
    await postEmail(t.app, reply(`Re: [${ticket.ticketNumber}] again`)).expect(429);
    await postEmail(t.app, emailPayload({ from, subject: 'A new problem' })).expect(429);
  });

  it('when many messages from one sender arrive at once, then exactly the limit gets through', async () => {
    const from = 'burst@contoso.com';
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => postEmail(t.app, emailPayload({ from }))),
    );
    const statuses = responses.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(LIMIT).fill(201), ...Array(12 - LIMIT).fill(429)]);
  });

  it('when the oldest message leaves the one-minute window, then the sender may send again', async () => {
    const from = 'patient@contoso.com';
    for (let i = 0; i < LIMIT; i++) await postEmail(t.app, emailPayload({ from })).expect(201);
    await postEmail(t.app, emailPayload({ from })).expect(429);
    await t.database.pool.query(
      `UPDATE inbound_messages SET created_at = created_at - interval '61 seconds' WHERE sender = $1`,
      [from],
    );
    await postEmail(t.app, emailPayload({ from })).expect(201);
  });
});
