/**
 * The mailer against a real SMTP server over TCP: what a hand-over sends, and how each way it can fail
 * is classified (permanent or worth retrying) and explained.
 */
import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpTestServer, type SmtpTestServer } from '../test/mail/smtp-test-server';
import {
  classifySmtpFailure,
  createMailer,
  SmtpSendError,
  type OutgoingMail,
  type SmtpServer,
} from './smtp-transport';

let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpTestServer({ username: 'relay-user', password: 'relay-password-123456' });
});
afterAll(() => smtp.close());
beforeEach(() => {
  smtp.accept();
  smtp.clear();
});

const server = (): SmtpServer => ({
  host: '127.0.0.1',
  port: smtp.port,
  security: 'none',
  username: 'relay-user',
  password: 'relay-password-123456',
});

const mail = (overrides: Partial<OutgoingMail> = {}): OutgoingMail => ({
  messageId: 'reply-1@helpdesk.example.com',
  inReplyTo: 'opener@contoso.com',
  references: ['opener@contoso.com', 'reply-0@helpdesk.example.com'],
  from: { name: 'Ada Lovelace via Help Desk', address: 'support@helpdesk.example.com' },
  to: { address: 'jordan.lee@contoso.com' },
  subject: 'Re: [T-1] Printer\r\nBcc: everyone@example.com',
  text: 'Hello',
  ...overrides,
});

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SmtpSendError);
  return (error as SmtpSendError).failure;
}

describe('the mailer', () => {
  it('hands the message over with our Message-ID and thread headers, and a subject that cannot add header fields', async () => {
    await createMailer({ timeoutMs: 2_000 }).send(server(), mail());
    const [received] = await smtp.waitForMessages(1);
    expect(received).toMatchObject({
      messageId: 'reply-1@helpdesk.example.com',
      inReplyTo: 'opener@contoso.com',
      references: ['opener@contoso.com', 'reply-0@helpdesk.example.com'],
      subject: 'Re: [T-1] Printer Bcc: everyone@example.com',
      envelope: { from: 'support@helpdesk.example.com', to: ['jordan.lee@contoso.com'] },
    });
    expect(received!.parsed.headers.has('bcc')).toBe(false);
  });

  it('when the server puts the message off (4xx), then the failure is transient and quotes the server', async () => {
    smtp.refuse({ code: 451, message: '4.3.0 Try again later' });
    const failure = await failureOf(createMailer({ timeoutMs: 2_000 }).send(server(), mail()));
    expect(failure).toEqual({
      permanent: false,
      reason: 'The mail server put the message off: 451 4.3.0 Try again later',
    });
  });

  it('when the server refuses the message (5xx), then the failure is permanent', async () => {
    smtp.refuse({ code: 552, message: '5.3.4 Message too big', at: 'mail' });
    const failure = await failureOf(createMailer({ timeoutMs: 2_000 }).send(server(), mail()));
    expect(failure).toEqual({
      permanent: true,
      reason: 'The mail server refused the message: 552 5.3.4 Message too big',
    });
  });

  it('when the login is wrong, then the failure is permanent and says so without the password', async () => {
    const failure = await failureOf(
      createMailer({ timeoutMs: 2_000 }).send({ ...server(), password: 'wrong-password-99' }, mail()),
    );
    expect(failure.permanent).toBe(true);
    expect(failure.reason).toMatch(/^The mail server rejected the username or password: 535/);
    expect(failure.reason).not.toContain('wrong-password-99');
  });

  it('when nothing listens, then the failure is transient: connection refused', async () => {
    const port = await freePort();
    const failure = await failureOf(createMailer({ timeoutMs: 2_000 }).send({ ...server(), port }, mail()));
    expect(failure).toEqual({
      permanent: false,
      reason: `Could not connect to the mail server at 127.0.0.1:${port} (connection refused)`,
    });
  });

  it('when the server accepts the connection but never greets, then the failure is transient after the timeout', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const started = Date.now();
      const failure = await failureOf(createMailer({ timeoutMs: 300 }).send({ ...server(), port }, mail()));
      expect(failure).toEqual({
        permanent: false,
        reason: `The mail server at 127.0.0.1:${port} did not answer in time`,
      });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

describe('classifySmtpFailure', () => {
  const where = { host: 'smtp.example.com', port: 587 };
  it.each([
    [{ code: 'EENVELOPE', responseCode: 503, response: '503 5.5.1 Bad sequence' }, false],
    [{ code: 'EMESSAGE', responseCode: 554, response: '554 Rejected' }, true],
    [{ code: 'EMESSAGE', responseCode: 421, response: '421 Closing' }, false],
    [{ code: 'EAUTH', responseCode: 454, response: '454 Temporary auth failure' }, false],
    [{ code: 'ENOAUTH', message: 'Missing credentials' }, true],
    [{ code: 'ETLS', message: 'certificate has expired' }, false],
    [{ code: 'EABORT', message: 'Message sending aborted' }, false],
    [new Error('something odd'), false],
  ])('%j is permanent: %s', (error, permanent) => {
    expect(classifySmtpFailure(error, where, 60_000).permanent).toBe(permanent);
  });

  it('keeps a long or multi-line answer to one line of at most 500 characters', () => {
    const { reason } = classifySmtpFailure(
      { code: 'EMESSAGE', responseCode: 550, response: `550 ${'x'.repeat(1_000)}\r\nsecond line` },
      where,
      60_000,
    );
    expect(reason.length).toBeLessThanOrEqual(500);
    expect(reason).not.toMatch(/[\r\n]/);
  });
});

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
