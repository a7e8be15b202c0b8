/**
 * Input built to hurt, through the real app: a `received` date padded with 200,000 spaces (its
 * pattern used to backtrack for half a minute, freezing the process), and HTML nested thousands of
 * levels deep (html-to-text overflowed the call stack, so the webhook answered 500 on every retry and a
 * ticket holding such a body could no longer be opened, edited or noted).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INBOUND_MESSAGES } from '@shared/contracts/inbound';
import { TICKET_LIMITS } from '@shared/contracts/tickets';
import { countRows, createInboundTestApp, emailPayload, postEmail, postRaw } from '../support/inbound';
import { signedInAgent, type TestApp } from '../test-app';
import { HOSTILE_INPUT_DEADLINE_MS } from './time-budget';

let t: TestApp;

beforeAll(async () => {
  t = await createInboundTestApp();
});
afterAll(() => t.close());

describe('a received date padded with 200,000 spaces', () => {
  it('when it is posted, then 400 naming received, at once, and nothing is created', async () => {
    const before = await countRows(t, 'tickets');
    const started = performance.now();
    const res = await postEmail(
      t.app,
      emailPayload({ received: '01 Jan 2026 10:00' + ' '.repeat(200_000) + 'x' }),
    ).expect(400);
    // Before the fix: 28 s of backtracking, during which the process answered nothing else.
    expect(performance.now() - started).toBeLessThan(HOSTILE_INPUT_DEADLINE_MS);
    expect(res.body.fieldErrors).toEqual({ received: [INBOUND_MESSAGES.receivedTooLong] });
    expect(res.body.message).toBe(INBOUND_MESSAGES.receivedTooLong);
    expect(await countRows(t, 'tickets')).toBe(before);
  });
});

describe('HTML nested thousands of levels deep', () => {
  it('when a raw message whose HTML part nests 5,000 <div> arrives, then 201 with a ticket showing its text', async () => {
    const html = '<div>'.repeat(5_000) + 'The VPN drops every hour.';
    const raw = Buffer.from(
      [
        'From: Priya Natarajan <priya.n@fabrikam.com>',
        'To: support@example.com',
        'Subject: VPN drops',
        'Date: Mon, 02 Mar 2026 14:05:00 +0000',
        'Message-ID: <deep-html-0001@fabrikam.com>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/related; boundary="rel"',
        '',
        '--rel',
        'Content-Type: text/html; charset=utf-8',
        '',
        html,
        '--rel--',
        '',
      ].join('\r\n'),
    );
    expect(raw.length).toBeGreaterThan(25_000);
    const res = await postRaw(t.app, raw).expect(201);
    expect(res.body.created).toBe(true);
    expect(res.body.ticket.body).toBe(html);
    expect(res.body.ticket.bodyText).toBe('The VPN drops every hour.');

    // Redelivered (as a mail server retries), it is the same ticket rather than another 500.
    const again = await postRaw(t.app, raw).expect(200);
    expect(again.body).toMatchObject({ duplicate: true, ticket: { id: res.body.ticket.id } });
  });

  it('when an agent creates a ticket whose body nests 39,000 <div>, then it can be opened, edited and noted', async () => {
    const body = '<div>'.repeat(39_000) + 'Printer on the 3rd floor jams';
    expect(body.length).toBeLessThanOrEqual(TICKET_LIMITS.body);
    const { agent } = await signedInAgent(t.app);

    const created = await agent
      .post('/api/tickets')
      .send({ subject: 'Deep HTML', body, fromEmail: 'jordan.lee@contoso.com', fromName: 'Jordan Lee' })
      .expect(201);
    const { id } = created.body.ticket;
    expect(created.body.ticket.bodyText).toBe('Printer on the 3rd floor jams');

    const opened = await agent.get(`/api/tickets/${id}`).expect(200);
    expect(opened.body.ticket).toMatchObject({ body, bodyText: 'Printer on the 3rd floor jams' });

    const edited = await agent.put(`/api/tickets/${id}`).send({ priority: 'high' }).expect(200);
    expect(edited.body.ticket).toMatchObject({ priority: 'high', bodyText: 'Printer on the 3rd floor jams' });

    const noted = await agent.post(`/api/tickets/${id}/notes`).send({ text: 'Called the user' }).expect(201);
    expect(noted.body.ticket.bodyText).toBe('Printer on the 3rd floor jams');
  });
});
