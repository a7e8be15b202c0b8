import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_ERRORS } from '@shared/contracts/messages';
import { TICKET_MESSAGES } from '@shared/contracts/tickets';
import { insertAttachments } from '../../core/conversation/conversation.repository';
import { CONVERSATION_MESSAGES } from './conversation.service';
import {
  conversationOf,
  createInboundTestApp,
  emailPayload,
  insertOutboundReply,
  postEmail,
} from '../../test/support/inbound';
import { newTicketInput } from '../../test/support/tickets';
import { signedInAgent, type TestApp } from '../../test/test-app';

let t: TestApp;
/** The first account, so an admin. */
let agent: Awaited<ReturnType<typeof signedInAgent>>['agent'];
let colleague: Awaited<ReturnType<typeof signedInAgent>>['agent'];

beforeAll(async () => {
  t = await createInboundTestApp({ INBOUND_MAX_TICKETS_PER_SENDER_PER_MINUTE: '1000' });
  ({ agent } = await signedInAgent(t.app));
  ({ agent: colleague } = await signedInAgent(t.app));
});
afterAll(() => t.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** A ticket by email, with files stored for its original message (or for `messageId`). */
async function ticketWithFiles(
  files: { filename: string; contentType: string; content: Buffer | null; size?: number }[],
) {
  const ticket = (await postEmail(t.app, emailPayload()).expect(201)).body.ticket as { id: string };
  await insertAttachments(
    t.database.db,
    ticket.id,
    null,
    files.map((file) => ({ ...file, size: file.size ?? file.content?.length ?? 0 })),
  );
  const [original] = await conversationOf(agent, ticket.id);
  return { ticket, files: original!.attachments };
}

/** The raw bytes of an answer, whatever its type. */
const binary = (req: request.Test) =>
  req.buffer(true).parse((stream, done) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe('GET /api/tickets/:id/messages', () => {
  it('when a ticket came by email, then its original message comes first, made from the ticket, then the messages oldest first', async () => {
    const res = await postEmail(
      t.app,
      emailPayload({
        from: 'Jordan Lee <jordan.conv@contoso.com>',
        subject: 'Printer jams',
        body: '<p>It jams &amp; beeps.</p>',
        received: '2026-03-01T09:30:00Z',
        headers: { 'Message-ID': '<conv-original@contoso.com>' },
      }),
    ).expect(201);
    const ticket = res.body.ticket;
    const sent = await insertOutboundReply(t, ticket.id, 'conv-reply@helpdesk.example.com');
    await postEmail(
      t.app,
      emailPayload({
        from: 'jordan.conv@contoso.com',
        subject: 'Re: Printer jams',
        body: 'Thanks',
        headers: { 'In-Reply-To': '<conv-reply@helpdesk.example.com>' },
      }),
    ).expect(200);

    const answer = await agent.get(`/api/tickets/${ticket.id}/messages`).expect(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body.messages).toEqual([
      {
        id: ticket.id,
        direction: 'inbound',
        status: 'received',
        fromName: 'Jordan Lee',
        fromEmail: 'jordan.conv@contoso.com',
        to: '',
        subject: 'Printer jams',
        bodyText: 'It jams & beeps.',
        createdAt: '2026-03-01T09:30:00.000Z',
        error: null,
        attachments: [],
      },
      expect.objectContaining({
        id: sent.id,
        direction: 'outbound',
        status: 'sent',
        bodyText: 'Please restart the printer.',
      }),
      expect.objectContaining({
        direction: 'inbound',
        fromEmail: 'jordan.conv@contoso.com',
        bodyText: 'Thanks',
      }),
    ]);
  });

  it('when a ticket was made by hand, then its original message is dated when the ticket was made', async () => {
    const created = await agent.post('/api/tickets').send(newTicketInput()).expect(201);
    const [original, ...rest] = await conversationOf(agent, created.body.ticket.id);
    expect(original).toMatchObject({ id: created.body.ticket.id, createdAt: created.body.ticket.createdAt });
    expect(rest).toEqual([]);
  });

  it('when files belong to the original message and to replies, then each message lists its own', async () => {
    const { ticket } = await ticketWithFiles([
      { filename: 'first.txt', contentType: 'text/plain', content: Buffer.from('1') },
    ]);
    const reply = await insertOutboundReply(t, ticket.id, `files-${ticket.id}@helpdesk.example.com`);
    await insertAttachments(t.database.db, ticket.id, reply.id, [
      { filename: 'second.txt', contentType: 'text/plain', size: 1, content: Buffer.from('2') },
      { filename: 'third.bin', contentType: 'application/octet-stream', size: 99_999_999, content: null },
    ]);
    const messages = await conversationOf(agent, ticket.id);
    expect(messages.map((message) => message.attachments.map((file) => [file.filename, file.kept]))).toEqual([
      [['first.txt', true]],
      [
        ['second.txt', true],
        ['third.bin', false],
      ],
    ]);
  });

  it('without a session 401, for an unknown ticket 404, for a malformed id 400', async () => {
    const ticket = (await postEmail(t.app, emailPayload()).expect(201)).body.ticket;
    await request(t.app).get(`/api/tickets/${ticket.id}/messages`).expect(401);
    const missing = await agent.get(`/api/tickets/${UNKNOWN_ID}/messages`).expect(404);
    expect(missing.body.message).toBe(TICKET_MESSAGES.ticketNotFound);
    const bad = await agent.get('/api/tickets/not-an-id/messages').expect(400);
    expect(Object.keys(bad.body.fieldErrors)).toEqual(['id']);
  });
});

describe('GET /api/attachments/:id', () => {
  it('when a kept file is asked for, then it comes byte for byte as a download that is private and never sniffed', async () => {
    const content = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255]);
    const { files } = await ticketWithFiles([
      { filename: 'dump.bin', contentType: 'application/octet-stream', content },
    ]);
    const res = await binary(agent.get(`/api/attachments/${files[0]!.id}`)).expect(200);
    expect(Buffer.compare(res.body as Buffer, content)).toBe(0);
    expect(res.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-length': String(content.length),
      'content-disposition': `attachment; filename="dump.bin"; filename*=UTF-8''dump.bin`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(res.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
  });

  it.each([
    ['text/html', 'page.html'],
    ['text/html; charset=utf-8', 'page.htm'],
    ['image/svg+xml', 'logo.svg'],
    ['application/xhtml+xml', 'page.xhtml'],
    ['text/xml', 'data.xml'],
    ['application/javascript', 'app.js'],
    ['multipart/related', 'x'],
    ['not a type', 'y'],
    ['text/html\r\nX-Injected: yes', 'z'],
  ])(
    'when a file of type %j is asked for, even inline, then it is application/octet-stream and an attachment',
    async (contentType, filename) => {
      const html = Buffer.from('<script>alert(1)</script>');
      const { files } = await ticketWithFiles([{ filename, contentType, content: html }]);
      const res = await binary(agent.get(`/api/attachments/${files[0]!.id}`).query({ inline: '1' })).expect(
        200,
      );
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toMatch(/^attachment; /);
      expect(res.headers['x-injected']).toBeUndefined();
    },
  );

  it('when a PNG is asked for inline, then it is shown inline as image/png; without inline=1 it is a download', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const { files } = await ticketWithFiles([
      { filename: 'tray.png', contentType: 'image/png', content: png },
    ]);
    const inline = await binary(agent.get(`/api/attachments/${files[0]!.id}`).query({ inline: '1' })).expect(
      200,
    );
    expect(inline.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': `inline; filename="tray.png"; filename*=UTF-8''tray.png`,
      'x-content-type-options': 'nosniff',
    });
    const plain = await binary(agent.get(`/api/attachments/${files[0]!.id}`)).expect(200);
    expect(plain.headers['content-disposition']).toMatch(/^attachment; /);
    await agent.get(`/api/attachments/${files[0]!.id}`).query({ inline: 'yes' }).expect(400);
  });

  it('when the name holds quotes, line breaks and non-ASCII letters, then the header carries a safe name and the exact one in UTF-8', async () => {
    const { files } = await ticketWithFiles([
      {
        filename: 'Bericht "Q1"\r\nSet-Cookie: x=1; Störung 100%.pdf',
        contentType: 'application/pdf',
        content: Buffer.from('%PDF'),
      },
    ]);
    const res = await binary(agent.get(`/api/attachments/${files[0]!.id}`)).expect(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Bericht _Q1_Set-Cookie: x=1; St_rung 100_.pdf"; ` +
        `filename*=UTF-8''Bericht%20%22Q1%22Set-Cookie%3A%20x%3D1%3B%20St%C3%B6rung%20100%25.pdf`,
    );
  });

  it('when a file was not kept, then 404 saying so; an unknown one 404; a malformed id 400', async () => {
    const { files } = await ticketWithFiles([
      { filename: 'huge.iso', contentType: 'application/octet-stream', content: null, size: 50_000_000 },
    ]);
    const notKept = await agent.get(`/api/attachments/${files[0]!.id}`).expect(404);
    expect(notKept.body.message).toBe(CONVERSATION_MESSAGES.attachmentNotKept);
    const unknown = await agent.get(`/api/attachments/${UNKNOWN_ID}`).expect(404);
    expect(unknown.body.message).toBe(MESSAGE_ERRORS.attachmentNotFound);
    await agent.get('/api/attachments/nope').expect(400);
  });

  it('without a session, then 401 and no content', async () => {
    const { files } = await ticketWithFiles([
      { filename: 'a.txt', contentType: 'text/plain', content: Buffer.from('secret') },
    ]);
    const res = await request(t.app).get(`/api/attachments/${files[0]!.id}`).expect(401);
    expect(res.text).not.toContain('secret');
  });

  it('when its ticket is in the Trash, then an agent gets the ticket’s 404 and no content, an admin the file, and after a restore it is served again', async () => {
    const { ticket, files } = await ticketWithFiles([
      { filename: 'payslip.txt', contentType: 'text/plain', content: Buffer.from('secret salary') },
    ]);
    const path = `/api/attachments/${files[0]!.id}`;
    await colleague.delete(`/api/tickets/${ticket.id}`).expect(204);

    const ticketAnswer = await colleague.get(`/api/tickets/${ticket.id}`).expect(404);
    for (const inline of ['0', '1']) {
      const fileAnswer = await colleague.get(path).query({ inline }).expect(404);
      expect(fileAnswer.body).toEqual(ticketAnswer.body);
      expect(fileAnswer.text).not.toContain('secret');
    }
    // Admins can open a deleted ticket to see what they restore, its files too.
    expect((await binary(agent.get(path)).expect(200)).body.toString()).toBe('secret salary');

    await agent.post(`/api/tickets/${ticket.id}/restore`).expect(200);
    expect((await binary(colleague.get(path)).expect(200)).body.toString()).toBe('secret salary');
  });
});

describe('POST /api/messages/:id/retry', () => {
  it('when the message’s ticket is in the Trash, then an agent gets the ticket’s 404', async () => {
    const ticket = (await postEmail(t.app, emailPayload()).expect(201)).body.ticket as { id: string };
    const reply = await insertOutboundReply(t, ticket.id, 'trashed-retry@helpdesk.example.com', 'failed');
    await colleague.delete(`/api/tickets/${ticket.id}`).expect(204);
    const ticketAnswer = await colleague.get(`/api/tickets/${ticket.id}`).expect(404);
    const retried = await colleague.post(`/api/messages/${reply.id}/retry`).expect(404);
    expect(retried.body).toEqual(ticketAnswer.body);
  });
});
