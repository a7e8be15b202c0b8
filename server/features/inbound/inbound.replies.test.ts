import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseNotes } from '@shared/notes';
import { signedInAgent, type TestApp } from '../../test/test-app';
import {
  conversationOf,
  countRows,
  createInboundTestApp,
  emailPayload,
  insertOutboundReply,
  postEmail,
  postRaw,
  rawMessage,
  rawWithFiles,
  SUPPORT_ADDRESS,
} from '../../test/support/inbound';

let t: TestApp;
let agent: Awaited<ReturnType<typeof signedInAgent>>['agent'];

beforeAll(async () => {
  t = await createInboundTestApp({ INBOUND_MAX_TICKETS_PER_SENDER_PER_MINUTE: '1000' });
  ({ agent } = await signedInAgent(t.app, { firstName: 'Alice', lastName: 'Archer' }));
});
afterAll(() => t.close());

/** A ticket emailed by `from` (a new address each time unless given). */
async function emailedTicket(from?: string) {
  const res = await postEmail(t.app, emailPayload(from ? { from } : {})).expect(201);
  return res.body.ticket as { id: string; ticketNumber: string; updatedAt: string; fromEmail: string };
}

/** A reply to the ticket from its requester; `overrides` changes the payload. */
const replyFromRequester = (
  ticket: { ticketNumber: string; fromEmail: string },
  overrides: Record<string, unknown> = {},
) =>
  emailPayload({
    subject: `Re: [${ticket.ticketNumber}] Printer jams`,
    from: ticket.fromEmail,
    ...overrides,
  });

describe('replies carrying a ticket number', () => {
  it('when a reply names an open ticket, then 200, and it joins the conversation after the original as a message by the sender, not as a note', async () => {
    const ticket = await emailedTicket('Jordan Lee <jordan.lee@contoso.com>');
    const before = await countRows(t, 'tickets');
    const res = await postEmail(
      t.app,
      emailPayload({
        subject: `Re: [${ticket.ticketNumber}] Printer jams`,
        from: 'Jordan Lee <jordan.lee@contoso.com>',
        body: '<p>Still jamming &amp; now it beeps.</p>',
        headers: {
          'Message-ID': `<still-jamming-${ticket.id}@contoso.com>`,
          To: `Help Desk <${SUPPORT_ADDRESS}>`,
          'In-Reply-To': '<unknown-elsewhere@contoso.com>',
          References: '<first@contoso.com> <unknown-elsewhere@contoso.com>',
        },
      }),
    ).expect(200);
    expect(res.body).toEqual({
      created: false,
      appendedNote: true,
      ticket: expect.objectContaining({ id: ticket.id, status: 'open', notes: null, lastUpdatedBy: null }),
    });
    expect(await countRows(t, 'tickets')).toBe(before);

    const messages = await conversationOf(agent, ticket.id);
    expect(messages).toEqual([
      expect.objectContaining({ id: ticket.id, direction: 'inbound', bodyText: 'It jams every morning.' }),
      {
        id: expect.any(String),
        direction: 'inbound',
        status: 'received',
        fromName: 'Jordan Lee',
        fromEmail: 'jordan.lee@contoso.com',
        to: SUPPORT_ADDRESS,
        subject: `Re: [${ticket.ticketNumber}] Printer jams`,
        bodyText: 'Still jamming & now it beeps.',
        createdAt: res.body.ticket.updatedAt,
        error: null,
        attachments: [],
      },
    ]);
    // The body is stored as received, with the thread's ids without brackets.
    const { rows } = await t.database.pool.query(
      'SELECT body, message_id, in_reply_to, "references", author_id FROM ticket_messages WHERE ticket_id = $1',
      [ticket.id],
    );
    expect(rows).toEqual([
      {
        body: '<p>Still jamming &amp; now it beeps.</p>',
        message_id: `still-jamming-${ticket.id}@contoso.com`,
        in_reply_to: 'unknown-elsewhere@contoso.com',
        references: ['first@contoso.com', 'unknown-elsewhere@contoso.com'],
        author_id: null,
      },
    ]);
  });

  it('when a reply names a closed ticket, then the ticket reopens and agents polling for updates see it', async () => {
    const ticket = await emailedTicket('sam@fabrikam.com');
    const closed = await agent.put(`/api/tickets/${ticket.id}`).send({ status: 'closed' }).expect(200);
    expect(closed.body.ticket.closedAt).not.toBeNull();
    const since = closed.body.ticket.updatedAt;
    const check = await agent.get(`/api/tickets/${ticket.id}/check-updates`).query({ since }).expect(200);
    expect(check.body.wasUpdated).toBe(false);

    const res = await postEmail(
      t.app,
      emailPayload({ subject: `RE: ${ticket.ticketNumber} it is broken again`, from: 'sam@fabrikam.com' }),
    ).expect(200);
    expect(res.body.ticket).toMatchObject({
      id: ticket.id,
      status: 'open',
      closedAt: null,
      lastUpdatedBy: null,
      notes: null,
    });
    expect((await conversationOf(agent, ticket.id)).map((message) => message.fromName)).toEqual([
      'sam@fabrikam.com',
      'sam@fabrikam.com',
    ]);

    const after = await agent.get(`/api/tickets/${ticket.id}/check-updates`).query({ since }).expect(200);
    expect(after.body).toMatchObject({ wasUpdated: true, updatedBy: null });
  });

  it('when a ticket closed with Harvest time gets a reply, then it reopens too', async () => {
    const ticket = await emailedTicket();
    await t.database.pool.query(
      `UPDATE tickets SET status = 'closed_with_harvest', closed_at = now() WHERE id = $1`,
      [ticket.id],
    );
    const res = await postEmail(
      t.app,
      replyFromRequester(ticket, { subject: `Re: ${ticket.ticketNumber}` }),
    ).expect(200);
    expect(res.body.ticket).toMatchObject({ status: 'open', closedAt: null });
  });

  it('when an in-progress ticket gets a reply, then its status stays', async () => {
    const ticket = await emailedTicket();
    await agent.put(`/api/tickets/${ticket.id}`).send({ status: 'in_progress' }).expect(200);
    const res = await postEmail(t.app, replyFromRequester(ticket)).expect(200);
    expect(res.body.ticket.status).toBe('in_progress');
  });

  it('when agents wrote notes (and the ticket has legacy note text), then a reply leaves the notes exactly as they were', async () => {
    const ticket = await emailedTicket('Jordan Lee <jordan@contoso.com>');
    await agent.post(`/api/tickets/${ticket.id}/notes`).send({ text: 'Called the user' }).expect(201);
    const before = (await agent.get(`/api/tickets/${ticket.id}`).expect(200)).body.ticket.notes;
    const res = await postEmail(
      t.app,
      emailPayload({
        subject: `Re: [${ticket.ticketNumber}] Printer`,
        from: 'Jordan Lee <jordan@contoso.com>',
        body: 'Thanks!',
      }),
    ).expect(200);
    expect(res.body.ticket.notes).toBe(before);
    expect(parseNotes(res.body.ticket.notes).map((note) => [note.userName, note.text])).toEqual([
      ['Alice Archer', 'Called the user'],
    ]);
    expect((await conversationOf(agent, ticket.id)).map((message) => message.bodyText)).toEqual([
      'It jams every morning.',
      'Thanks!',
    ]);
  });

  it('when a raw reply with an attachment arrives, then the message lists the file and keeps its content', async () => {
    const ticket = await emailedTicket('jordan.lee@contoso.com');
    const photo = Buffer.alloc(3000, 1);
    const res = await postRaw(
      t.app,
      rawWithFiles(
        {
          From: '"Lee, Jordan" <jordan.lee@contoso.com>',
          To: 'Help Desk <helpdesk-alias@contoso.com>',
          Subject: `Re: [${ticket.ticketNumber}] Printer jams`,
          'Message-ID': '<raw-reply-1@contoso.com>',
        },
        'Here is the photo.',
        [{ filename: 'tray.jpg', contentType: 'image/jpeg', content: photo }],
      ),
    ).expect(200);
    expect(res.body.ticket.notes).toBeNull();
    const [, reply] = await conversationOf(agent, ticket.id);
    expect(reply).toMatchObject({
      fromName: 'Lee, Jordan',
      fromEmail: 'jordan.lee@contoso.com',
      to: 'helpdesk-alias@contoso.com',
      bodyText: 'Here is the photo.',
      attachments: [
        { id: expect.any(String), filename: 'tray.jpg', contentType: 'image/jpeg', size: 3000, kept: true },
      ],
    });
    const download = await agent
      .get(`/api/attachments/${reply!.attachments[0]!.id}`)
      .buffer(true)
      .parse((stream, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(Buffer.compare(download.body as Buffer, photo)).toBe(0);
  });

  it('when the same reply is delivered twice, then the message is added once', async () => {
    const ticket = await emailedTicket();
    const reply = replyFromRequester(ticket, {
      headers: { 'Message-ID': `<reply-twice-${ticket.id}@contoso.com>` },
    });
    await postEmail(t.app, reply).expect(200);
    const again = await postEmail(t.app, reply).expect(200);
    expect(again.body).toMatchObject({ created: false, duplicate: true, ticket: { id: ticket.id } });
    expect(await conversationOf(agent, ticket.id)).toHaveLength(2);
  });

  it('when 20 different replies to one ticket arrive at once, then all 20 messages are kept', async () => {
    const ticket = await emailedTicket();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postEmail(
          t.app,
          replyFromRequester(ticket, {
            body: `reply ${i}`,
            headers: { 'Message-ID': `<reply-${i}-${ticket.id}@contoso.com>` },
          }),
        ),
      ),
    );
    expect(responses.map((res) => res.status)).toEqual(Array(20).fill(200));
    const [original, ...replies] = await conversationOf(agent, ticket.id);
    expect(original!.id).toBe(ticket.id);
    expect(replies.map((message) => message.bodyText).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `reply ${i}`).sort(),
    );
  });

  it('when the subject names a ticket number that does not exist, then a new ticket opens', async () => {
    const res = await postEmail(t.app, emailPayload({ subject: 'Re: [T-1000000000001] Old thread' })).expect(
      201,
    );
    expect(res.body).toMatchObject({
      created: true,
      ticket: { subject: 'Re: [T-1000000000001] Old thread' },
    });
  });

  it('when the subject names an unknown and then an existing number, then the existing ticket gets the message', async () => {
    const ticket = await emailedTicket();
    const res = await postEmail(
      t.app,
      replyFromRequester(ticket, { subject: `Re: T-1000000000002 and ${ticket.ticketNumber}` }),
    ).expect(200);
    expect(res.body.ticket.id).toBe(ticket.id);
  });

  it('when a raw reply without a From name or To arrives, then the message is from the address, to the support address', async () => {
    const ticket = await emailedTicket('helpdesk-user@contoso.com');
    await postRaw(
      t.app,
      rawMessage({ From: 'helpdesk-user@contoso.com', Subject: `Re: [${ticket.ticketNumber}]` }, 'ok'),
    ).expect(200);
    expect((await conversationOf(agent, ticket.id))[1]).toMatchObject({
      fromName: 'helpdesk-user@contoso.com',
      fromEmail: 'helpdesk-user@contoso.com',
      to: SUPPORT_ADDRESS,
      bodyText: 'ok',
    });
  });
});

describe('replies that answer a message of the thread (In-Reply-To / References), without a ticket number', () => {
  it('when a reply answers the email that opened a closed ticket, then it joins it and the ticket reopens', async () => {
    const messageId = `opened-${Date.now()}@contoso.com`;
    const ticket = (
      await postEmail(t.app, emailPayload({ headers: { 'Message-ID': `<${messageId}>` } })).expect(201)
    ).body.ticket;
    await agent.put(`/api/tickets/${ticket.id}`).send({ status: 'closed' }).expect(200);
    const res = await postRaw(
      t.app,
      rawMessage(
        {
          From: 'Someone Else <someone@fabrikam.com>',
          Subject: 'Re: Printer jams',
          'In-Reply-To': `<${messageId}>`,
        },
        'It happened to me too.',
      ),
    ).expect(200);
    expect(res.body).toMatchObject({
      created: false,
      appendedNote: true,
      ticket: { id: ticket.id, status: 'open', closedAt: null },
    });
    expect((await conversationOf(agent, ticket.id))[1]).toMatchObject({
      fromEmail: 'someone@fabrikam.com',
      bodyText: 'It happened to me too.',
    });
  });

  it('when a reply answers one of our replies (its References end with our Message-ID), then it joins that ticket', async () => {
    const ticket = await emailedTicket();
    const ours = `reply-${ticket.id}@helpdesk.example.com`;
    await insertOutboundReply(t, ticket.id, ours);
    const res = await postEmail(
      t.app,
      emailPayload({
        from: ticket.fromEmail,
        subject: 'Re: Printer jams',
        body: 'Restarting helped, thanks.',
        headers: { References: `<first@contoso.com> <${ours}>` },
      }),
    ).expect(200);
    expect(res.body.ticket.id).toBe(ticket.id);
    const messages = await conversationOf(agent, ticket.id);
    expect(messages.map((message) => [message.direction, message.bodyText])).toEqual([
      ['inbound', 'It jams every morning.'],
      ['outbound', 'Please restart the printer.'],
      ['inbound', 'Restarting helped, thanks.'],
    ]);
  });

  it('when a reply answers a message that joined the conversation earlier, then it joins too', async () => {
    const ticket = await emailedTicket();
    const first = `first-reply-${ticket.id}@contoso.com`;
    await postEmail(t.app, replyFromRequester(ticket, { headers: { 'Message-ID': `<${first}>` } })).expect(
      200,
    );
    const res = await postEmail(
      t.app,
      emailPayload({ subject: 'Re: Re: Printer jams', headers: { 'In-Reply-To': `<${first}>` } }),
    ).expect(200);
    expect(res.body.ticket.id).toBe(ticket.id);
  });

  it('when In-Reply-To names a message no ticket knows and the subject no ticket, then a new ticket opens', async () => {
    const res = await postEmail(
      t.app,
      emailPayload({ subject: 'Re: lunch', headers: { 'In-Reply-To': '<nobody-knows@contoso.com>' } }),
    ).expect(201);
    expect(res.body.created).toBe(true);
  });

  it('when the references name one ticket and the subject another the sender may write to, then the references win', async () => {
    const threaded = await emailedTicket();
    const ours = `reply-${threaded.id}@helpdesk.example.com`;
    await insertOutboundReply(t, threaded.id, ours);
    const named = await emailedTicket('pat.requester@contoso.com');
    const res = await postEmail(
      t.app,
      emailPayload({
        from: 'pat.requester@contoso.com',
        subject: `Re: [${named.ticketNumber}]`,
        headers: { 'In-Reply-To': `<${ours}>` },
      }),
    ).expect(200);
    expect(res.body.ticket.id).toBe(threaded.id);
    expect(await conversationOf(agent, named.id)).toHaveLength(1);
  });
});

describe('who may write into a ticket by its number', () => {
  /** A ticket emailed with a Message-ID, closed by an agent. */
  async function closedTicketWithMessageId(from: string) {
    const messageId = `original-${Date.now()}-${Math.random()}@contoso.com`;
    const res = await postEmail(
      t.app,
      emailPayload({ from, subject: 'VPN drops', headers: { 'Message-ID': `<${messageId}>` } }),
    ).expect(201);
    await agent.put(`/api/tickets/${res.body.ticket.id}`).send({ status: 'closed' }).expect(200);
    return { ...(res.body.ticket as { id: string; ticketNumber: string; fromEmail: string }), messageId };
  }

  const storedTicket = async (id: string) =>
    (await agent.get(`/api/tickets/${id}`).expect(200)).body.ticket as {
      status: string;
      notes: string | null;
    };

  it('when a stranger names an existing ticket in the subject, then a new ticket opens that mentions the number, and the named ticket is untouched', async () => {
    const ticket = await closedTicketWithMessageId('owner@contoso.com');
    const res = await postEmail(
      t.app,
      emailPayload({ from: 'mallory@evil.example', subject: `Re: [${ticket.ticketNumber}] VPN drops` }),
    ).expect(201);
    expect(res.body).toMatchObject({ created: true, ticket: { fromEmail: 'mallory@evil.example' } });
    expect(res.body.ticket.id).not.toBe(ticket.id);
    expect(parseNotes(res.body.ticket.notes)).toMatchObject([
      {
        userId: null,
        userName: 'Help Desk',
        text: `This email names ${ticket.ticketNumber}, but its sender is not part of that ticket, so it opened a new ticket.`,
      },
    ]);
    const named = await storedTicket(ticket.id);
    expect(named.status).toBe('closed');
    expect(parseNotes(named.notes)).toEqual([]);
    expect(await conversationOf(agent, ticket.id)).toHaveLength(1);
  });

  it('when the same stranger sends a raw message naming the ticket, then it opens a new ticket too', async () => {
    const ticket = await closedTicketWithMessageId('owner2@contoso.com');
    const res = await postRaw(
      t.app,
      rawMessage({
        From: 'Mallory <mallory@evil.example>',
        Subject: `RE: ${ticket.ticketNumber} refund approved`,
      }),
    ).expect(201);
    expect(res.body.created).toBe(true);
    expect(parseNotes((await storedTicket(ticket.id)).notes)).toEqual([]);
    expect(await conversationOf(agent, ticket.id)).toHaveLength(1);
  });

  it('when the requester writes with another letter case, then the reply joins the ticket', async () => {
    const ticket = await closedTicketWithMessageId('Casey.Owner@Contoso.com');
    const res = await postEmail(
      t.app,
      emailPayload({ from: 'casey.owner@contoso.com', subject: `Re: [${ticket.ticketNumber}]` }),
    ).expect(200);
    expect(res.body).toMatchObject({ appendedNote: true, ticket: { id: ticket.id, status: 'open' } });
  });

  it('when a colleague in copy answers the original message (In-Reply-To), then the reply joins, and later mail from them with the number joins too', async () => {
    const ticket = await closedTicketWithMessageId('owner3@contoso.com');
    const raw = rawMessage(
      {
        From: 'Colleague <colleague@contoso.com>',
        Subject: `Re: [${ticket.ticketNumber}] VPN drops`,
        'In-Reply-To': `<${ticket.messageId}>`,
      },
      'Same here on the 3rd floor.',
    );
    const first = await postRaw(t.app, raw).expect(200);
    expect(first.body).toMatchObject({ appendedNote: true, ticket: { id: ticket.id, status: 'open' } });

    const later = await postEmail(
      t.app,
      emailPayload({ from: 'colleague@contoso.com', subject: `Re: [${ticket.ticketNumber}] still` }),
    ).expect(200);
    expect(later.body.ticket.id).toBe(ticket.id);
    expect(later.body.ticket.notes).toBeNull();
    expect(
      (await conversationOf(agent, ticket.id)).map((message) => [message.fromEmail, message.bodyText]),
    ).toEqual([
      ['owner3@contoso.com', 'It jams every morning.'],
      ['colleague@contoso.com', 'Same here on the 3rd floor.'],
      ['colleague@contoso.com', 'It jams every morning.'],
    ]);
  });

  it('when References names a message of the ticket among others, then the reply joins', async () => {
    const ticket = await closedTicketWithMessageId('owner4@contoso.com');
    const res = await postEmail(
      t.app,
      emailPayload({
        from: 'manager@contoso.com',
        subject: `Fwd: [${ticket.ticketNumber}] VPN drops`,
        headers: { References: `<unrelated@elsewhere.example>\r\n <${ticket.messageId}>` },
      }),
    ).expect(200);
    expect(res.body.ticket.id).toBe(ticket.id);
  });

  it('when In-Reply-To names a message of a different ticket, then the reply joins that ticket, not the one the subject names', async () => {
    const target = await closedTicketWithMessageId('owner5@contoso.com');
    const other = await closedTicketWithMessageId('mallory@evil.example');
    const res = await postEmail(
      t.app,
      emailPayload({
        from: 'mallory@evil.example',
        subject: `Re: [${target.ticketNumber}]`,
        headers: { 'In-Reply-To': `<${other.messageId}>` },
      }),
    ).expect(200);
    expect(res.body.ticket).toMatchObject({ id: other.id, status: 'open' });
    const untouched = await storedTicket(target.id);
    expect(untouched.status).toBe('closed');
    expect(await conversationOf(agent, target.id)).toHaveLength(1);
  });

  it('when the subject names a stranger-only ticket and then one the sender may write to, then the second gets the reply', async () => {
    const foreign = await closedTicketWithMessageId('owner6@contoso.com');
    const own = await closedTicketWithMessageId('pat@contoso.com');
    const res = await postEmail(
      t.app,
      emailPayload({ from: 'pat@contoso.com', subject: `Re: ${foreign.ticketNumber} ${own.ticketNumber}` }),
    ).expect(200);
    expect(res.body.ticket.id).toBe(own.id);
    expect(parseNotes((await storedTicket(foreign.id)).notes)).toEqual([]);
  });
});
