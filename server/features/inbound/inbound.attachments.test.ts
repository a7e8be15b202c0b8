import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INBOUND_MESSAGES } from '@shared/contracts/inbound';
import { signedInAgent, type TestApp } from '../../test/test-app';
import {
  conversationOf,
  countRows,
  createInboundTestApp,
  emailPayload,
  postEmail,
  postRaw,
  rawWithFiles,
  readFixture,
} from '../../test/support/inbound';

/** Small limits, so "too large" needs only kilobytes: 4 KB a file, 10 KB a message. */
const FILE_LIMIT = 4096;
const MESSAGE_LIMIT = 10_240;

let t: TestApp;
let agent: Awaited<ReturnType<typeof signedInAgent>>['agent'];

beforeAll(async () => {
  t = await createInboundTestApp({
    INBOUND_MAX_TICKETS_PER_SENDER_PER_MINUTE: '1000',
    ATTACHMENT_MAX_FILE_BYTES: String(FILE_LIMIT),
    ATTACHMENT_MAX_MESSAGE_BYTES: String(MESSAGE_LIMIT),
  });
  ({ agent } = await signedInAgent(t.app));
});
afterAll(() => t.close());

/** The bytes of a download, whatever its type. */
async function download(id: string) {
  const res = await agent
    .get(`/api/attachments/${id}`)
    .buffer(true)
    .parse((stream, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => done(null, Buffer.concat(chunks)));
    });
  return { status: res.status, headers: res.headers, body: res.body as Buffer };
}

const bytes = (size: number, fill: number) => Buffer.alloc(size, fill);

let senders = 0;
const newSender = () => {
  senders += 1;
  return `files.${senders}.${Date.now()}@contoso.com`;
};

describe('files of raw messages', () => {
  it('when a new ticket arrives with files, then each is stored with the original message and downloads byte for byte', async () => {
    const res = await postRaw(t.app, readFixture('multipart-with-attachments.eml')).expect(201);
    const { ticket } = res.body;
    // The ticket's own metadata (the spec's field) is as before.
    expect(ticket.attachments).toEqual([
      { filename: 'error-log.pdf', contentType: 'application/pdf', size: 512 },
      { filename: 'Störung.png', contentType: 'image/png', size: 70 },
    ]);
    const [original] = await conversationOf(agent, ticket.id);
    expect(original).toMatchObject({
      id: ticket.id,
      createdAt: '2026-03-01T08:30:00.000Z',
      attachments: [
        { filename: 'error-log.pdf', contentType: 'application/pdf', size: 512, kept: true },
        { filename: 'Störung.png', contentType: 'image/png', size: 70, kept: true },
      ],
    });
    const pdf = await download(original!.attachments[0]!.id);
    expect(pdf.status).toBe(200);
    expect(pdf.body.subarray(0, 8).toString()).toBe('%PDF-1.4');
    expect(pdf.body).toHaveLength(512);
    expect(pdf.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="error-log.pdf"; filename*=UTF-8''error-log.pdf`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    const png = await download(original!.attachments[1]!.id);
    expect(png.body.subarray(1, 4).toString()).toBe('PNG');
    expect(png.headers['content-disposition']).toBe(
      `attachment; filename="St_rung.png"; filename*=UTF-8''St%C3%B6rung.png`,
    );
  });

  it('when the HTML body embeds images (cid: parts), then they are neither listed nor stored', async () => {
    const res = await postRaw(t.app, readFixture('html-only.eml')).expect(201);
    const [original] = await conversationOf(agent, res.body.ticket.id);
    expect(original!.attachments).toEqual([]);
  });

  it('when a file is over the file limit, or over what is left of the message limit, then it is listed as not kept and the message is kept', async () => {
    const before = await countRows(t, 'message_attachments');
    const files = [
      { filename: 'a.bin', contentType: 'application/octet-stream', content: bytes(4000, 1) },
      { filename: 'too-big.bin', contentType: 'application/octet-stream', content: bytes(FILE_LIMIT + 1, 2) },
      { filename: 'b.bin', contentType: 'application/octet-stream', content: bytes(4000, 3) },
      // 8,000 kept so far: 3,000 more would pass 10,240.
      { filename: 'c.bin', contentType: 'application/octet-stream', content: bytes(3000, 4) },
      // But 2,000 still fit.
      { filename: 'd.bin', contentType: 'application/octet-stream', content: bytes(2000, 5) },
    ];
    const res = await postRaw(
      t.app,
      rawWithFiles({ From: newSender(), Subject: 'Logs' }, 'Five files.', files),
    ).expect(201);
    const [original] = await conversationOf(agent, res.body.ticket.id);
    expect(original!.bodyText).toBe('Five files.');
    expect(original!.attachments.map((file) => [file.filename, file.size, file.kept])).toEqual([
      ['a.bin', 4000, true],
      ['too-big.bin', FILE_LIMIT + 1, false],
      ['b.bin', 4000, true],
      ['c.bin', 3000, false],
      ['d.bin', 2000, true],
    ]);
    expect(await countRows(t, 'message_attachments')).toBe(before + 5);
    const { rows } = await t.database.pool.query(
      'SELECT filename FROM message_attachments WHERE ticket_id = $1 AND content IS NULL ORDER BY filename',
      [res.body.ticket.id],
    );
    expect(rows.map((row) => row.filename)).toEqual(['c.bin', 'too-big.bin']);

    const notKept = await agent.get(`/api/attachments/${original!.attachments[1]!.id}`).expect(404);
    expect(notKept.body.message).toMatch(/not kept/);
    expect((await download(original!.attachments[4]!.id)).body).toEqual(bytes(2000, 5));
  });

  it('when a reply comes with files, then they belong to its message, not to the original one', async () => {
    const from = newSender();
    const ticket = (
      await postRaw(t.app, rawWithFiles({ From: from, Subject: 'Scanner' }, 'Broken.', [])).expect(201)
    ).body.ticket;
    const log = Buffer.from('line 1\nline 2\n');
    await postRaw(
      t.app,
      rawWithFiles({ From: from, Subject: `Re: [${ticket.ticketNumber}] Scanner` }, 'The log.', [
        { filename: 'scan.log', contentType: 'text/plain', content: log },
        {
          filename: 'huge.iso',
          contentType: 'application/x-iso9660-image',
          content: bytes(FILE_LIMIT * 2, 0),
        },
      ]),
    ).expect(200);
    const [original, reply] = await conversationOf(agent, ticket.id);
    expect(original!.attachments).toEqual([]);
    expect(reply!.attachments).toMatchObject([
      { filename: 'scan.log', contentType: 'text/plain', size: log.length, kept: true },
      { filename: 'huge.iso', size: FILE_LIMIT * 2, kept: false },
    ]);
    expect((await download(reply!.attachments[0]!.id)).body).toEqual(log);
    // The ticket's metadata lists the original message's files only, as before.
    expect((await agent.get(`/api/tickets/${ticket.id}`).expect(200)).body.ticket.attachments).toEqual([]);
  });
});

describe('files of JSON payloads', () => {
  it('when files come with base64 content, then they are stored like those of a raw message', async () => {
    const content = bytes(1500, 9);
    const res = await postEmail(
      t.app,
      emailPayload({
        attachments: [
          {
            filename: 'dump.bin',
            contentType: 'application/octet-stream',
            size: 1500,
            content: content.toString('base64').replace(/.{76}/g, '$&\r\n'),
          },
          { filename: 'listed.pdf', contentType: 'application/pdf', size: 2048 },
        ],
      }),
    ).expect(201);
    // Metadata only on the ticket: the content never reaches its JSON.
    expect(res.body.ticket.attachments).toEqual([
      { filename: 'dump.bin', contentType: 'application/octet-stream', size: 1500 },
      { filename: 'listed.pdf', contentType: 'application/pdf', size: 2048 },
    ]);
    const [original] = await conversationOf(agent, res.body.ticket.id);
    // A file that came without content stays in the ticket's metadata only.
    expect(original!.attachments).toMatchObject([{ filename: 'dump.bin', size: 1500, kept: true }]);
    expect((await download(original!.attachments[0]!.id)).body).toEqual(content);
  });

  it('when a reply lists files without content, then its message lists them as not kept', async () => {
    const from = newSender();
    const ticket = (await postEmail(t.app, emailPayload({ from })).expect(201)).body.ticket;
    await postEmail(
      t.app,
      emailPayload({
        from,
        subject: `Re: [${ticket.ticketNumber}]`,
        attachments: [{ filename: 'photo.jpg', contentType: 'image/jpeg', size: 123_456 }],
      }),
    ).expect(200);
    const [, reply] = await conversationOf(agent, ticket.id);
    expect(reply!.attachments).toMatchObject([
      { filename: 'photo.jpg', contentType: 'image/jpeg', size: 123_456, kept: false },
    ]);
  });

  it.each([
    ['not base64', 'not base64!', INBOUND_MESSAGES.contentNotBase64],
    ['base64 without its padding', 'QUJDRA', INBOUND_MESSAGES.contentNotBase64],
    ['base64 of another size', Buffer.from('ABCD').toString('base64'), INBOUND_MESSAGES.contentSize(4, 3)],
    ['not a string', 42, 'Invalid input: expected string, received number'],
  ])(
    'when the content is %s, then 400 naming attachments.0.content and nothing is created',
    async (_case, content, message) => {
      const before = await countRows(t, 'tickets');
      const res = await postEmail(
        t.app,
        emailPayload({
          attachments: [{ filename: 'x.bin', contentType: 'application/octet-stream', size: 3, content }],
        }),
      ).expect(400);
      expect(res.body.fieldErrors).toEqual({ 'attachments.0.content': [message] });
      expect(await countRows(t, 'tickets')).toBe(before);
    },
  );
});
