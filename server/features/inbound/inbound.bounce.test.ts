import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAgent, type TestApp } from '../../test/test-app';
import {
  conversationOf,
  countRows,
  createInboundTestApp,
  emailPayload,
  insertOutboundReply,
  postRaw,
  SUPPORT_ADDRESS,
} from '../../test/support/inbound';

let t: TestApp;
let agent: Awaited<ReturnType<typeof signedInAgent>>['agent'];

beforeAll(async () => {
  t = await createInboundTestApp();
  ({ agent } = await signedInAgent(t.app));
});
afterAll(() => t.close());

interface DsnOptions {
  from?: string;
  /** The Message-ID in the returned message's header fields; none: no returned part. */
  returned?: string;
  /** How the returned message comes back: its header fields only, or all of it. */
  returnedAs?: 'text/rfc822-headers' | 'message/rfc822';
  /** Header fields of the report itself (In-Reply-To, References). */
  headers?: Record<string, string>;
  action?: string;
  status?: string;
  diagnostic?: string;
}

/** A delivery status notification as Postfix writes one (RFC 3464). */
function dsn(options: DsnOptions): Buffer {
  const returnedAs = options.returnedAs ?? 'text/rfc822-headers';
  const recipient = [
    'Final-Recipient: rfc822; nobody@contoso.com',
    'Original-Recipient: rfc822;nobody@contoso.com',
    `Action: ${options.action ?? 'failed'}`,
    `Status: ${options.status ?? '5.1.1'}`,
    'Remote-MTA: dns; mail.contoso.com',
    ...(options.diagnostic === undefined ? [] : [`Diagnostic-Code: ${options.diagnostic}`]),
  ];
  const returned = options.returned
    ? [
        '--REPORT',
        `Content-Type: ${returnedAs}`,
        '',
        `From: Help Desk <${SUPPORT_ADDRESS}>`,
        'To: nobody@contoso.com',
        'Subject: Re: [T-1700000000000] Printer jams',
        `Message-ID: <${options.returned}>`,
        ...(returnedAs === 'message/rfc822'
          ? ['Content-Type: text/plain', '', 'Please restart the printer.']
          : []),
        '',
      ]
    : [];
  const headers = Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`);
  return Buffer.from(
    [
      `From: ${options.from ?? 'MAILER-DAEMON@mx.helpdesk.example.com (Mail Delivery System)'}`,
      `To: ${SUPPORT_ADDRESS}`,
      'Subject: Undelivered Mail Returned to Sender',
      `Message-ID: <dsn-${Date.now()}-${Math.random()}@mx.helpdesk.example.com>`,
      'Auto-Submitted: auto-replied',
      ...headers,
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status;',
      '\tboundary="REPORT"',
      '',
      '--REPORT',
      'Content-Type: text/plain; charset=us-ascii',
      '',
      "I'm sorry to have to inform you that your message could not be delivered.",
      '',
      '--REPORT',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.helpdesk.example.com',
      'Arrival-Date: Mon,  2 Mar 2026 10:00:01 +0000 (UTC)',
      '',
      ...recipient,
      '',
      ...returned,
      '--REPORT--',
      '',
    ].join('\r\n'),
  );
}

const POSTFIX_DIAGNOSTIC =
  'smtp; 550 5.1.1 <nobody@contoso.com>: Recipient address\r\n    rejected: User unknown in virtual mailbox table';

let ids = 0;
/** A ticket with one reply of ours, sent, under a new Message-ID. */
async function ticketWithSentReply(status: 'sent' | 'queued' | 'failed' = 'sent') {
  ids += 1;
  const ticket = (await postRawTicket()).ticket as { id: string; updatedAt: string };
  const messageId = `reply-${ids}-${Date.now()}@helpdesk.example.com`;
  const reply = await insertOutboundReply(t, ticket.id, messageId, status);
  return { ticket, reply, messageId };
}

async function postRawTicket() {
  const { from, subject, body } = emailPayload();
  const res = await postRaw(
    t.app,
    Buffer.from(`From: ${from}\r\nSubject: ${subject}\r\nMIME-Version: 1.0\r\n\r\n${body}\r\n`),
  ).expect(201);
  return res.body;
}

async function storedReply(id: string) {
  const { rows } = await t.database.pool.query('SELECT status, error FROM ticket_messages WHERE id = $1', [
    id,
  ]);
  return rows[0] as { status: string; error: string | null };
}

async function expectNothingCreated(work: () => Promise<unknown>) {
  const tables = ['tickets', 'inbound_messages', 'ticket_messages', 'message_attachments'] as const;
  const before = await Promise.all(tables.map((table) => countRows(t, table)));
  await work();
  expect(await Promise.all(tables.map((table) => countRows(t, table)))).toEqual(before);
}

describe('bounces of our replies (delivery status notifications)', () => {
  it('when a bounce returns the header fields of one of our sent replies, then 202 bounce, the reply is failed with the diagnostic, and nothing is created', async () => {
    const { ticket, reply, messageId } = await ticketWithSentReply();
    await expectNothingCreated(async () => {
      const res = await postRaw(t.app, dsn({ returned: messageId, diagnostic: POSTFIX_DIAGNOSTIC })).expect(
        202,
      );
      expect(res.body).toEqual({ accepted: true, ignored: 'bounce' });
    });
    expect(await storedReply(reply.id)).toEqual({
      status: 'failed',
      error:
        'Bounced: 550 5.1.1 <nobody@contoso.com>: Recipient address rejected: User unknown in virtual mailbox table',
    });
    const messages = await conversationOf(agent, ticket.id);
    expect(messages[1]).toMatchObject({
      id: reply.id,
      status: 'failed',
      error: expect.stringContaining('5.1.1'),
    });
    // The ticket changed without a user, so agents polling it see the failure.
    const check = await agent
      .get(`/api/tickets/${ticket.id}/check-updates`)
      .query({ since: ticket.updatedAt })
      .expect(200);
    expect(check.body).toMatchObject({ wasUpdated: true, updatedBy: null });
  });

  it('when the bounce returns the whole message and gives no diagnostic, then the status and its meaning are the reason', async () => {
    const { reply, messageId } = await ticketWithSentReply();
    await postRaw(t.app, dsn({ returned: messageId, returnedAs: 'message/rfc822', status: '5.2.2' })).expect(
      202,
    );
    expect(await storedReply(reply.id)).toEqual({ status: 'failed', error: 'Bounced: 5.2.2 mailbox full' });
  });

  it('when the bounce names our reply only in its In-Reply-To, from a sender that is not a mailer-daemon, then it is found too', async () => {
    const { reply, messageId } = await ticketWithSentReply();
    const res = await postRaw(
      t.app,
      dsn({
        from: 'Microsoft Outlook <MicrosoftExchange329e71ec88ae4615bbc36ab6ce41109e@contoso.com>',
        headers: { 'In-Reply-To': `<${messageId}>`, References: `<${messageId}>` },
        diagnostic:
          'smtp; 550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup',
        status: '5.1.10',
      }),
    ).expect(202);
    expect(res.body).toEqual({ accepted: true, ignored: 'bounce' });
    expect(await storedReply(reply.id)).toMatchObject({
      status: 'failed',
      error: 'Bounced: 550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup',
    });
  });

  it('when the report is a delay notice (Action: delayed), then it is acknowledged and the reply stays sent', async () => {
    const { reply, messageId } = await ticketWithSentReply();
    const res = await postRaw(
      t.app,
      dsn({ returned: messageId, action: 'delayed', status: '4.4.1', diagnostic: 'smtp; 421 try later' }),
    ).expect(202);
    expect(res.body).toEqual({ accepted: true, ignored: 'bounce' });
    expect(await storedReply(reply.id)).toEqual({ status: 'sent', error: null });
  });

  it('when the same bounce arrives again, or names a reply that is not sent, then only sent replies change', async () => {
    const { reply, messageId } = await ticketWithSentReply();
    const bounce = dsn({ returned: messageId, diagnostic: POSTFIX_DIAGNOSTIC });
    await postRaw(t.app, bounce).expect(202);
    const again = await postRaw(t.app, bounce).expect(202);
    expect(again.body).toEqual({ accepted: true, ignored: 'bounce' });
    expect((await storedReply(reply.id)).status).toBe('failed');

    const queued = await ticketWithSentReply('queued');
    await postRaw(t.app, dsn({ returned: queued.messageId })).expect(202);
    expect(await storedReply(queued.reply.id)).toEqual({ status: 'queued', error: null });
  });

  it('when a bounce from the mailer-daemon names none of our messages, then it is ignored as mail from a mailer-daemon', async () => {
    await expectNothingCreated(async () => {
      const res = await postRaw(t.app, dsn({ returned: 'someone-else@elsewhere.example' })).expect(202);
      expect(res.body).toEqual({ accepted: true, ignored: 'mailer_daemon' });
    });
  });

  it('when a bounce from an ordinary-looking sender without auto-reply fields names none of our messages, then it is ignored as a bounce, not made a ticket', async () => {
    const raw = dsn({ from: 'Postmaster Robot <robot@contoso.com>', returned: 'unknown@elsewhere.example' })
      .toString()
      .replace('Auto-Submitted: auto-replied\r\n', '');
    await expectNothingCreated(async () => {
      const res = await postRaw(t.app, raw).expect(202);
      expect(res.body).toEqual({ accepted: true, ignored: 'bounce' });
    });
  });

  it('when mail from the mailer-daemon is not a delivery report, then it is still ignored as before', async () => {
    const { messageId } = await ticketWithSentReply();
    const raw = `From: MAILER-DAEMON@mx.contoso.com\r\nSubject: Notice\r\nIn-Reply-To: <${messageId}>\r\n\r\nHello\r\n`;
    const res = await postRaw(t.app, raw).expect(202);
    expect(res.body).toEqual({ accepted: true, ignored: 'mailer_daemon' });
  });
});
