import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseNotes } from '@shared/notes';
import { signedInAgent, type TestApp } from '../../test/test-app';
import {
  countRows,
  createInboundTestApp,
  emailPayload,
  postEmail,
  postRaw,
  rawMessage,
} from './inbound.test-support';

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
  it('when a reply names an open ticket, then 200 with a note by the sender and no new ticket', async () => {
    const ticket = await emailedTicket('Jordan Lee <jordan.lee@contoso.com>');
    const before = await countRows(t, 'tickets');
    const res = await postEmail(
      t.app,
      emailPayload({
        subject: `Re: [${ticket.ticketNumber}] Printer jams`,
        from: 'Jordan Lee <jordan.lee@contoso.com>',
        body: '<p>Still jamming &amp; now it beeps.</p>',
      }),
    ).expect(200);
    expect(res.body).toMatchObject({
      created: false,
      appendedNote: true,
      ticket: { id: ticket.id, status: 'open' },
    });
    expect(await countRows(t, 'tickets')).toBe(before);
    const notes = parseNotes(res.body.ticket.notes);
    expect(notes).toEqual([
      {
        text: 'Still jamming & now it beeps.',
        userId: null,
        userName: 'Jordan Lee <jordan.lee@contoso.com>',
        userInitials: 'JL',
        timestamp: res.body.ticket.updatedAt,
      },
    ]);
    expect(res.body.ticket.lastUpdatedBy).toBeNull();
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
    });
    expect(parseNotes(res.body.ticket.notes)).toMatchObject([
      { text: 'It jams every morning.', userName: 'sam@fabrikam.com', userInitials: 'S', userId: null },
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

  it('when notes exist (including legacy text), then the reply is appended after them', async () => {
    const ticket = await emailedTicket('Jordan Lee <jordan@contoso.com>');
    await agent.post(`/api/tickets/${ticket.id}/notes`).send({ text: 'Called the user' }).expect(201);
    const res = await postEmail(
      t.app,
      emailPayload({
        subject: `Re: [${ticket.ticketNumber}] Printer`,
        from: 'Jordan Lee <jordan@contoso.com>',
        body: 'Thanks!',
      }),
    ).expect(200);
    expect(parseNotes(res.body.ticket.notes).map((note) => [note.userName, note.text])).toEqual([
      ['Alice Archer', 'Called the user'],
      ['Jordan Lee <jordan@contoso.com>', 'Thanks!'],
    ]);
  });

  it('when a raw reply with an attachment arrives, then the note lists the attachment', async () => {
    const ticket = await emailedTicket('jordan.lee@contoso.com');
    const message = [
      'From: "Lee, Jordan" <jordan.lee@contoso.com>',
      `Subject: Re: [${ticket.ticketNumber}] Printer jams`,
      'Message-ID: <raw-reply-1@contoso.com>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Here is the photo.',
      '--b',
      'Content-Type: image/jpeg',
      'Content-Disposition: attachment; filename="tray.jpg"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.alloc(3000, 1).toString('base64'),
      '--b--',
      '',
    ].join('\r\n');
    const res = await postRaw(t.app, message).expect(200);
    const [note] = parseNotes(res.body.ticket.notes);
    expect(note).toMatchObject({
      text: 'Here is the photo.\n\nAttachments: tray.jpg (image/jpeg, 3 KB)',
      userName: 'Lee, Jordan <jordan.lee@contoso.com>',
      userInitials: 'LJ',
    });
  });

  it('when the same reply is delivered twice, then the note is added once', async () => {
    const ticket = await emailedTicket();
    const reply = replyFromRequester(ticket, {
      headers: { 'Message-ID': `<reply-twice-${ticket.id}@contoso.com>` },
    });
    await postEmail(t.app, reply).expect(200);
    const again = await postEmail(t.app, reply).expect(200);
    expect(again.body).toMatchObject({ created: false, duplicate: true, ticket: { id: ticket.id } });
    expect(parseNotes(again.body.ticket.notes)).toHaveLength(1);
  });

  it('when 20 different replies to one ticket arrive at once, then all 20 notes are kept', async () => {
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
    const { rows } = await t.database.pool.query<{ notes: string }>(
      'SELECT notes FROM tickets WHERE id = $1',
      [ticket.id],
    );
    expect(
      parseNotes(rows[0]!.notes)
        .map((note) => note.text)
        .sort(),
    ).toEqual(Array.from({ length: 20 }, (_, i) => `reply ${i}`).sort());
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

  it('when the subject names an unknown and then an existing number, then the existing ticket gets the note', async () => {
    const ticket = await emailedTicket();
    const res = await postEmail(
      t.app,
      replyFromRequester(ticket, { subject: `Re: T-1000000000002 and ${ticket.ticketNumber}` }),
    ).expect(200);
    expect(res.body.ticket.id).toBe(ticket.id);
  });

  it('when a raw reply without a From name arrives, then the note author is the address', async () => {
    const ticket = await emailedTicket('helpdesk-user@contoso.com');
    const res = await postRaw(
      t.app,
      rawMessage({ From: 'helpdesk-user@contoso.com', Subject: `Re: [${ticket.ticketNumber}]` }, 'ok'),
    ).expect(200);
    expect(parseNotes(res.body.ticket.notes)[0]).toMatchObject({
      userName: 'helpdesk-user@contoso.com',
      userInitials: 'H',
      text: 'ok',
    });
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
    expect(parseNotes(later.body.ticket.notes).map((note) => note.text)).toEqual([
      'Same here on the 3rd floor.',
      'It jams every morning.',
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

  it('when References names a message of a different ticket, then the stranger still opens a new ticket', async () => {
    const target = await closedTicketWithMessageId('owner5@contoso.com');
    const other = await closedTicketWithMessageId('mallory@evil.example');
    const res = await postEmail(
      t.app,
      emailPayload({
        from: 'mallory@evil.example',
        subject: `Re: [${target.ticketNumber}]`,
        headers: { 'In-Reply-To': `<${other.messageId}>` },
      }),
    ).expect(201);
    expect(res.body.created).toBe(true);
    expect(parseNotes((await storedTicket(target.id)).notes)).toEqual([]);
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
