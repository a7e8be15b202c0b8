import { describe, expect, it } from 'vitest';
import { fieldBlocks, isDeliveryReport, readDeliveryReport } from './delivery-report';
import { parseMimeEmail } from './mime-email';

const statusPart = (text: string) => ({ contentType: 'message/delivery-status', content: Buffer.from(text) });
const headersPart = (text: string) => ({ contentType: 'text/rfc822-headers', content: Buffer.from(text) });

describe('isDeliveryReport', () => {
  it.each([
    [{ value: 'multipart/report', params: { 'report-type': 'delivery-status' } }, true],
    [{ value: 'Multipart/Report', params: { 'report-type': 'Delivery-Status' } }, true],
    [{ value: 'multipart/report', params: { 'report-type': 'global-delivery-status' } }, true],
    // Read receipts and other reports are not bounces.
    [{ value: 'multipart/report', params: { 'report-type': 'disposition-notification' } }, false],
    [{ value: 'multipart/mixed', params: { 'report-type': 'delivery-status' } }, false],
    [undefined, false],
  ])('when the Content-Type is %j, then %s', (contentType, expected) => {
    expect(isDeliveryReport(contentType)).toBe(expected);
  });
});

describe('fieldBlocks', () => {
  it('when fields are folded and blocks separated by blank lines (CRLF or LF), then each block has its fields, unfolded, first occurrence winning', () => {
    const blocks = fieldBlocks(
      'Reporting-MTA: dns; mx\r\n\r\nAction: failed\r\nStatus: 5.1.1\r\nDiagnostic-Code: smtp; 550\r\n  user\r\n\tunknown\r\nStatus: 2.0.0\n\n\nno colon here\n',
    );
    expect(blocks.map((block) => Object.fromEntries(block))).toEqual([
      { 'reporting-mta': 'dns; mx' },
      { action: 'failed', status: '5.1.1', 'diagnostic-code': 'smtp; 550 user unknown' },
    ]);
  });
});

describe('readDeliveryReport', () => {
  it('when one recipient failed and one was delayed, then only the failure is a reason, and the ids of the returned message and of In-Reply-To / References are read', () => {
    const report = readDeliveryReport(
      [
        statusPart(
          'Reporting-MTA: dns; mx\n\nFinal-Recipient: rfc822; a@contoso.com\nAction: failed\nStatus: 5.1.1\n' +
            'Diagnostic-Code: smtp; 550 5.1.1 user unknown\n\nFinal-Recipient: rfc822; b@contoso.com\nAction: delayed\nStatus: 4.4.1\n',
        ),
        headersPart('From: a@b\nMessage-ID: <ours@helpdesk.example.com>\nSubject: x\n\nbody <not-an-id@x>'),
      ],
      { 'in-reply-to': ['<other@helpdesk.example.com>'] },
    );
    expect(report).toEqual({
      messageIds: ['ours@helpdesk.example.com', 'other@helpdesk.example.com'],
      failure: 'Bounced: 550 5.1.1 user unknown',
    });
  });

  it.each([
    [
      'a status without diagnostic',
      'Action: failed\nStatus: 5.1.1',
      'Bounced: 5.1.1 bad destination mailbox address (user unknown)',
    ],
    [
      'a diagnostic without the status in it',
      'Action: failed\nStatus: 5.7.1\nDiagnostic-Code: smtp; 550 Rejected by policy',
      'Bounced: 5.7.1 550 Rejected by policy',
    ],
    ['no action but a permanent status', 'Status: 5.2.2', 'Bounced: 5.2.2 mailbox full'],
    [
      'an unknown status and nothing else',
      'Action: failed\nStatus: 5.9.9',
      'Bounced: 5.9.9 the recipient’s mail server gave no reason',
    ],
    [
      'two failed recipients',
      'Action: failed\nStatus: 5.1.1\n\nAction: failed\nStatus: 5.2.2',
      'Bounced: 5.1.1 bad destination mailbox address (user unknown); 5.2.2 mailbox full',
    ],
  ])('when a recipient block has %s, then the reason says so', (_case, block, failure) => {
    expect(readDeliveryReport([statusPart(`Reporting-MTA: dns; mx\n\n${block}\n`)], {}).failure).toBe(
      failure,
    );
  });

  it.each([
    ['delayed', 'Action: delayed\nStatus: 4.4.7'],
    ['delivered', 'Action: delivered\nStatus: 2.0.0'],
    ['relayed', 'Action: relayed\nStatus: 2.0.0'],
    ['a temporary status without action', 'Status: 4.2.2'],
  ])('when the recipient was %s, then there is no failure', (_case, block) => {
    expect(
      readDeliveryReport([statusPart(`Reporting-MTA: dns; mx\n\n${block}\n`)], {}).failure,
    ).toBeUndefined();
  });

  it('when a diagnostic is very long, then the reason is cut', () => {
    const report = readDeliveryReport(
      [statusPart(`Action: failed\nStatus: 5.0.0\nDiagnostic-Code: smtp; 5.0.0 ${'x'.repeat(5_000)}\n`)],
      {},
    );
    expect(report.failure!.length).toBeLessThanOrEqual(510);
    expect(report.failure!.endsWith('…')).toBe(true);
  });
});

describe('parseMimeEmail on a bounce', () => {
  it('when Postfix returns one of our replies, then the message carries its report, and the status part is not part of the body', async () => {
    const raw = [
      'From: MAILER-DAEMON@mx.example.com (Mail Delivery System)',
      'To: support@example.com',
      'Subject: Undelivered Mail Returned to Sender',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status;',
      '\tboundary="B"',
      '',
      '--B',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      '--B',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example.com',
      '',
      'Final-Recipient: rfc822; nobody@contoso.com',
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 <nobody@contoso.com>: User unknown',
      '',
      '--B',
      'Content-Type: message/rfc822',
      '',
      'From: support@example.com',
      'Message-ID: <our-reply@example.com>',
      '',
      'Please restart it.',
      '--B--',
      '',
    ].join('\r\n');
    const message = await parseMimeEmail(Buffer.from(raw));
    expect(message.deliveryReport).toEqual({
      messageIds: ['our-reply@example.com'],
      failure: 'Bounced: 550 5.1.1 <nobody@contoso.com>: User unknown',
    });
    expect(message.body).toBe('Your message could not be delivered.');
  });

  it('when a message is not a report, then it has none', async () => {
    const message = await parseMimeEmail(Buffer.from('From: a@contoso.com\r\nSubject: x\r\n\r\nhello\r\n'));
    expect(message.deliveryReport).toBeUndefined();
  });
});
