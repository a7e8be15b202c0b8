import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import { MIME_MESSAGES } from './mime-email';
import {
  countRows,
  createInboundTestApp,
  postRaw,
  rawMessage,
  readFixture,
} from '../../test/support/inbound';

let t: TestApp;

beforeAll(async () => {
  t = await createInboundTestApp();
});
afterAll(() => t.close());

describe('raw RFC 5322 messages (Content-Type: message/rfc822)', () => {
  it('when a multipart/alternative message with attachments arrives, then the ticket has the text part and the attachment metadata', async () => {
    const res = await postRaw(t.app, readFixture('multipart-with-attachments.eml')).expect(201);
    expect(res.body.created).toBe(true);
    const { ticket } = res.body;
    expect(ticket).toMatchObject({
      subject: 'Printer on the 3rd floor jams – please help',
      fromEmail: 'jordan.lee@contoso.com',
      fromName: 'Jordan Lée',
      status: 'open',
      priority: 'medium',
      lastUpdatedBy: null,
      originalEmailDate: '2026-03-01T08:30:00.000Z',
      attachments: [
        { filename: 'error-log.pdf', contentType: 'application/pdf', size: 512 },
        { filename: 'Störung.png', contentType: 'image/png', size: 70 },
      ],
    });
    expect(ticket.body).toBe(
      'Hello,\n\nThe printer on the 3rd floor jams every morning – the display says "Paper jam in tray 2". ' +
        'I attached the error log and a photo.\n\nThanks,\nJordan',
    );
    expect(ticket.body).not.toContain('<p>');
    expect(ticket.bodyText).toBe(ticket.body);
  });

  it('when an HTML-only message arrives, then the body is the HTML and bodyText is clean text after [EXTERNAL]', async () => {
    const res = await postRaw(t.app, readFixture('html-only.eml')).expect(201);
    const { ticket } = res.body;
    expect(ticket.body).toMatch(/^<!DOCTYPE html>/);
    expect(ticket.bodyText).toBe(
      'VPN drops every hour\n\nHi team,\nsince Monday the VPN disconnects every 60\u00a0minutes & I have to log in again.' +
        '\n\nLaptop\nThinkPad T14\nClient\nGlobalProtect 6.2\n\nRegards,\nPriya',
    );
    expect(ticket.bodyText).not.toMatch(/[<>]|alert|never run|CAUTION|color: red/);
    // The logo embedded in the HTML (a cid: part) is part of the body, not an attachment.
    expect(ticket.attachments).toEqual([]);
  });

  // The fixture above is multipart/related, where mailparser leaves the text undefined; a message
  // that is one text/html part gets an empty text instead, which used to win over the HTML.
  it.each([
    ['text/html; charset=utf-8', '<p>Hi team,<br>the VPN drops &amp; reconnects every hour.</p>'],
    [
      'text/html',
      '<!DOCTYPE html><html><body><p>Hi team,<br>the VPN drops &amp; reconnects every hour.</p></body></html>',
    ],
  ])(
    'when the whole message is one %s part, then the body is the HTML and bodyText its text',
    async (type, html) => {
      const raw = Buffer.from(
        `From: Priya Natarajan <priya.n@fabrikam.com>\r\nTo: support@example.com\r\nSubject: VPN drops (${type})\r\n` +
          `Date: Mon, 02 Mar 2026 14:05:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: ${type}\r\n\r\n${html}\r\n`,
      );
      const { ticket } = (await postRaw(t.app, raw).expect(201)).body;
      expect(ticket.body).toBe(html);
      expect(ticket.bodyText).toBe('Hi team,\nthe VPN drops & reconnects every hour.');
    },
  );

  it('when a multipart/alternative message has a blank text part, then the HTML part is the body', async () => {
    const raw = Buffer.from(
      [
        'From: Priya Natarajan <priya.n@fabrikam.com>',
        'Subject: Blank text part',
        'MIME-Version: 1.0',
        'Content-Type: multipart/alternative; boundary="alt"',
        '',
        '--alt',
        'Content-Type: text/plain; charset=utf-8',
        '',
        ' \t ',
        '--alt',
        'Content-Type: text/html; charset=utf-8',
        '',
        '<p>Printer <b>jams</b></p>',
        '--alt--',
        '',
      ].join('\r\n'),
    );
    const { ticket } = (await postRaw(t.app, raw).expect(201)).body;
    expect(ticket.body).toBe('<p>Printer <b>jams</b></p>');
    expect(ticket.bodyText).toBe('Printer jams');
  });

  it('when the message has no Date, Subject or text, then it still becomes a ticket, dated now', async () => {
    const before = Date.now();
    const res = await postRaw(
      t.app,
      'From: Sam Rivera <sam.rivera@fabrikam.com>\r\nTo: support@example.com\r\n\r\n',
    ).expect(201);
    expect(res.body.ticket).toMatchObject({
      subject: MIME_MESSAGES.noSubject,
      body: MIME_MESSAGES.noBody,
      fromName: 'Sam Rivera',
    });
    expect(Date.parse(res.body.ticket.originalEmailDate)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('when the Date header is not a date, then the ticket is dated now rather than refused', async () => {
    const res = await postRaw(
      t.app,
      rawMessage({ From: 'sam.rivera@fabrikam.com', Subject: 'Broken date', Date: 'sometime last week' }),
    ).expect(201);
    expect(Math.abs(Date.parse(res.body.ticket.originalEmailDate) - Date.now())).toBeLessThan(60_000);
  });

  it('when the message is larger than the generic 1 MB JSON limit, then it is still accepted', async () => {
    const attachment = Buffer.alloc(1_500_000, 7).toString('base64').replace(/.{76}/g, '$&\r\n');
    const message = [
      'From: Sam Rivera <sam.rivera@fabrikam.com>',
      'Subject: Big attachment',
      'Date: Mon, 02 Mar 2026 10:00:00 +0000',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'See the attached dump.',
      '--b1',
      'Content-Type: application/octet-stream; name="dump.bin"',
      'Content-Disposition: attachment; filename="dump.bin"',
      'Content-Transfer-Encoding: base64',
      '',
      attachment,
      '--b1--',
      '',
    ].join('\r\n');
    const res = await postRaw(t.app, message).expect(201);
    expect(res.body.ticket.attachments).toEqual([
      { filename: 'dump.bin', contentType: 'application/octet-stream', size: 1_500_000 },
    ]);
  });

  it.each([
    ['plain text', Buffer.from('this is not an email message at all')],
    ['binary garbage', Buffer.from([0, 1, 2, 0xff, 0xfe, 0x0a, 0x0d, 0x41, 0x42, 0x00])],
    ['an empty body', Buffer.alloc(0)],
  ])('when the body is %s, then 400 naming the message and nothing is created', async (_case, body) => {
    const before = await countRows(t, 'tickets');
    const res = await postRaw(t.app, body).expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['message']);
    expect(await countRows(t, 'tickets')).toBe(before);
  });

  it.each([
    ['no From', { Subject: 'Hello' }],
    ['a From without an address', { From: 'Jordan Lee', Subject: 'Hello' }],
    ['a From with an invalid address', { From: 'Jordan <jordan@>', Subject: 'Hello' }],
  ])('when the message has %s, then 400 naming from', async (_case, headers) => {
    const res = await postRaw(t.app, rawMessage(headers)).expect(400);
    expect(res.body.fieldErrors).toEqual({ from: [MIME_MESSAGES.noFrom] });
  });
});
