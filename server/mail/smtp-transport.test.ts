/**
 * The mailer against a real SMTP server over TCP: what a hand-over sends, and how each way it can fail
 * is classified (permanent or worth retrying) into one of the fixed outcomes.
 */
import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAIL_SERVER_OUTCOMES, type MailServerOutcome } from '@shared/contracts/email-settings';
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

/** The mailer as the test app has it: the test server is on a loopback port. */
const mailer = (options: Partial<Parameters<typeof createMailer>[0]> = {}) =>
  createMailer({ timeoutMs: 2_000, allowLoopbackHosts: true, ...options });

const outcome = (name: MailServerOutcome, permanent: boolean) => ({
  permanent,
  outcome: name,
  reason: MAIL_SERVER_OUTCOMES[name],
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
    await mailer().send(server(), mail());
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

  it('when the server puts the message off (4xx), then the failure is transient and never quotes the server', async () => {
    smtp.refuse({ code: 451, message: '4.3.0 Try again later' });
    const failure = await failureOf(mailer().send(server(), mail()));
    expect(failure).toEqual(outcome('messageDeferred', false));
  });

  it('when the server refuses the message (5xx), then the failure is permanent', async () => {
    smtp.refuse({ code: 552, message: '5.3.4 Message too big', at: 'mail' });
    const failure = await failureOf(mailer().send(server(), mail()));
    expect(failure).toEqual(outcome('messageRefused', true));
  });

  it('when the login is wrong, then the failure is permanent and says so without the password', async () => {
    const failure = await failureOf(mailer().send({ ...server(), password: 'wrong-password-99' }, mail()));
    expect(failure).toEqual(outcome('signInRefused', true));
  });

  it('when nothing listens, then the failure is transient: could not connect', async () => {
    const port = await freePort();
    const failure = await failureOf(mailer().send({ ...server(), port }, mail()));
    expect(failure).toEqual(outcome('couldNotConnect', false));
  });

  it('when the server accepts the connection but never greets, then the failure is transient after the timeout', async () => {
    await withServer(
      () => undefined,
      async (port) => {
        const started = Date.now();
        const failure = await failureOf(mailer({ timeoutMs: 300 }).send({ ...server(), port }, mail()));
        expect(failure).toEqual(outcome('timedOut', false));
        expect(Date.now() - started).toBeLessThan(5_000);
      },
    );
  });

  it('when another kind of server answers, then it is not a mail server, and its words are not repeated', async () => {
    await withServer(
      (socket) => socket.end('HTTP/1.1 400 Bad Request\r\nX-Secret-Banner: internal-db-7\r\n\r\n'),
      async (port) => {
        const failure = await failureOf(mailer().send({ ...server(), port }, mail()));
        expect(failure).toEqual(outcome('notMailServer', false));
      },
    );
  });

  it.each([
    ['tls', 'the server speaks no TLS', false],
    // Its 500 to STARTTLS is a permanent reply.
    ['starttls', 'the server offers no STARTTLS', true],
  ] as const)('when the security is %s and %s, then the TLS failed', async (security, _why, permanent) => {
    const failure = await failureOf(mailer().send({ ...server(), security }, mail()));
    expect(failure).toEqual(outcome('tlsFailed', permanent));
    expect(smtp.authAttempts).toEqual([]);
  });

  it('when the host is on this machine and loopback hosts are not allowed, then no connection is made: permanent', async () => {
    await withServer(
      () => expect.fail('the mailer connected to a loopback host'),
      async (port) => {
        for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
          const failure = await failureOf(
            mailer({ allowLoopbackHosts: false }).send({ ...server(), host, port }, mail()),
          );
          expect(failure).toEqual(outcome('addressNotAllowed', true));
        }
      },
    );
  });
});

describe('classifySmtpFailure', () => {
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
    expect(classifySmtpFailure(error).permanent).toBe(permanent);
  });

  it.each([
    [{ code: 'ESOCKET', originalCode: 'DEPTH_ZERO_SELF_SIGNED_CERT', command: 'CONN' }, 'tlsFailed'],
    [{ code: 'ESOCKET', originalCode: 'ERR_TLS_CERT_ALTNAME_INVALID', command: 'CONN' }, 'tlsFailed'],
    [{ code: 'EDNS', originalCode: 'ENOTFOUND', command: 'CONN' }, 'couldNotConnect'],
    [{ code: 'ECONNECTION', message: 'Connection closed unexpectedly', command: 'CONN' }, 'couldNotConnect'],
    [{ code: 'EPROTOCOL', response: 'SSH-2.0-OpenSSH_9.2', command: 'CONN' }, 'notMailServer'],
  ])('%j is %s', (error, expected) => {
    expect(classifySmtpFailure(error).outcome).toBe(expected);
  });
});

/** A TCP server on a loopback port that handles each connection with `onConnection`, for `use`. */
async function withServer(
  onConnection: (socket: net.Socket) => void,
  use: (port: number) => Promise<void>,
): Promise<void> {
  const sockets = new Set<net.Socket>();
  const other = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    onConnection(socket);
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  try {
    await use((other.address() as net.AddressInfo).port);
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => other.close(resolve));
  }
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
