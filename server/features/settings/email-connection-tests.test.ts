/**
 * The connection tests are no port scanner (issue 34, item 3): Send Test Email and Test Connection
 * answer with one of a fixed set of outcomes, never with what the remote sent, and mail servers on
 * this machine or link-local are refused (on saving, and on connecting, for the test buttons as for
 * the reply sender and the mailbox fetch) unless MAIL_ALLOW_LOOPBACK_HOSTS allows them. Against the
 * test SMTP server, Dovecot, an HTTP server, a server that never speaks and a closed port, all on
 * loopback ports; short timeouts keep the silent server's case quick.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  EMAIL_SETTINGS_TEXTS,
  MAIL_SERVER_OUTCOMES,
  mailHostNotAllowed,
  type MailServerOutcome,
} from '@shared/contracts/email-settings';
import { mailboxState, settings } from '@shared/schema';
import {
  mailboxSettings,
  startDovecotTestServer,
  type DovecotTestServer,
} from '../../test/mail/dovecot-test-server';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { createReplyTestApp, type Agent, type ReplyTestApp } from '../../test/support/replies';
import { DEFAULT_MAILBOX_ID, sealEmailSettings } from '../../mail/email-settings';
import { createTokenCipher } from '../../lib/token-cipher';

let r: ReplyTestApp;
let dovecot: DovecotTestServer;
/** Loopback ports: an HTTP server, a server that accepts and never speaks, and one nothing listens on. */
let httpPort: number;
let silentPort: number;
let closedPort: number;
const servers: net.Server[] = [];
const silentSockets = new Set<net.Socket>();

/** The app without the allowance, as a production install runs: its own database and admin. */
let strict: TestApp;
let strictAdmin: Agent;
const STRICT_KEY = crypto.randomBytes(32);

async function listen(server: net.Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

beforeAll(async () => {
  [r, dovecot, strict] = await Promise.all([
    createReplyTestApp({ SMTP_TIMEOUT_MS: '1000', IMAP_TIMEOUT_MS: '1000' }),
    startDovecotTestServer(),
    createTestApp({ MAIL_ALLOW_LOOPBACK_HOSTS: 'false', ENCRYPTION_KEY: STRICT_KEY.toString('hex') }),
  ]);
  ({ agent: strictAdmin } = await signedInAgent(strict.app));
  // A real HTTP server: as the app's own port did, it answers a client that sends nothing with a 408.
  httpPort = await listen(
    http.createServer(
      { headersTimeout: 50, requestTimeout: 100, connectionsCheckingInterval: 10 },
      (_req, res) => res.end(),
    ),
  );
  silentPort = await listen(
    net.createServer((socket) => {
      silentSockets.add(socket);
      socket.on('error', () => undefined);
    }),
  );
  const closed = net.createServer();
  closedPort = await listen(closed);
  servers.pop();
  await new Promise((resolve) => closed.close(resolve));
});
afterAll(async () => {
  for (const socket of silentSockets) socket.destroy();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await Promise.all([r?.close(), dovecot?.close(), strict?.close()]);
});
beforeEach(async () => {
  for (const db of [r.t.database.db, strict.database.db]) {
    await db.delete(settings).where(eq(settings.key, 'email'));
    await db.delete(mailboxState);
  }
});

const save = (as: Agent, value: unknown) => as.post('/api/settings').send({ key: 'email', value });

/** The server fields a case changes, for SMTP and IMAP alike. */
type ServerChange = Partial<{ port: number; security: 'none' | 'starttls' | 'tls'; password: string }>;

/** What the server is, and which outcome the test must answer with (the same for SMTP and IMAP). */
const FAILURES: [what: string, server: () => ServerChange, outcome: MailServerOutcome][] = [
  ['nothing listens on the port', () => ({ port: closedPort }), 'couldNotConnect'],
  ['an HTTP server answers on the port', () => ({ port: httpPort }), 'notMailServer'],
  ['the server accepts the connection and never speaks', () => ({ port: silentPort }), 'timedOut'],
  ['TLS is chosen for a server without it', () => ({ security: 'tls' }), 'tlsFailed'],
  ['the password is wrong', () => ({ password: 'not-the-password-0000' }), 'signInRefused'],
];

describe('Send Test Email', () => {
  it.each(FAILURES)(
    'when %s, then 503 with that outcome alone, recorded as the last check',
    async (_what, server, outcome) => {
      const value = r.smtp.emailSettings();
      await save(r.admin, { ...value, smtp: { ...value.smtp, ...server() } }).expect(200);
      const res = await r.admin.post('/api/settings/email/test').expect(503);
      expect(res.body.message).toBe(`${EMAIL_SETTINGS_TEXTS.testFailed}: ${MAIL_SERVER_OUTCOMES[outcome]}`);
      expect(res.text).not.toContain('HTTP/1.1');
      const read = await r.admin.get('/api/settings/email').expect(200);
      expect(read.body.lastCheck).toMatchObject({ ok: false, error: MAIL_SERVER_OUTCOMES[outcome] });
    },
  );

  it('when the server takes the test email, then 200: connected', async () => {
    await save(r.admin, r.smtp.emailSettings()).expect(200);
    const res = await r.admin.post('/api/settings/email/test').expect(200);
    expect(res.body).toEqual({ success: true, message: EMAIL_SETTINGS_TEXTS.testSent(r.adminUser.email) });
  });
});

describe('Test Connection (IMAP)', () => {
  it.each(FAILURES)('when %s, then 503 with that outcome alone', async (_what, server, outcome) => {
    await save(r.admin, mailboxSettings(dovecot, server())).expect(200);
    const res = await r.admin.post('/api/settings/email/imap/test').expect(503);
    expect(res.body.message).toBe(`${EMAIL_SETTINGS_TEXTS.imapTestFailed}: ${MAIL_SERVER_OUTCOMES[outcome]}`);
    expect(res.text).not.toContain('HTTP/1.1');
  });

  it('when the folder does not exist, then 503 saying the folder could not be opened', async () => {
    await save(r.admin, mailboxSettings(dovecot, { folder: 'No such folder' })).expect(200);
    const res = await r.admin.post('/api/settings/email/imap/test').expect(503);
    expect(res.body.message).toBe(
      `${EMAIL_SETTINGS_TEXTS.imapTestFailed}: ${MAIL_SERVER_OUTCOMES.folderNotFound}`,
    );
  });

  it('when the mailbox signs in, then 200: connected', async () => {
    await save(r.admin, mailboxSettings(dovecot)).expect(200);
    const res = await r.admin.post('/api/settings/email/imap/test').expect(200);
    expect(res.body).toEqual({
      success: true,
      message: EMAIL_SETTINGS_TEXTS.imapTestOk(dovecot.host, 'INBOX', 0),
    });
  });
});

describe('mail servers on this machine or link-local, without MAIL_ALLOW_LOOPBACK_HOSTS', () => {
  it.each(['127.0.0.1', 'localhost', '127.1', '[::1]', '0.0.0.0', '169.254.169.254', 'fe80::1'])(
    'when the SMTP or IMAP host is %s, then saving answers 400 naming the host, and nothing is saved',
    async (host) => {
      const value = mailboxSettings(dovecot);
      const res = await save(strictAdmin, {
        ...value,
        smtp: { ...value.smtp, host },
        imap: { ...value.imap, host },
      }).expect(400);
      expect(res.body.fieldErrors).toEqual({
        'value.smtp.host': [mailHostNotAllowed('SMTP host')],
        'value.imap.host': [mailHostNotAllowed('IMAP host')],
      });
      const read = await strictAdmin.get('/api/settings/email').expect(200);
      expect(read.body.value).toBeNull();
    },
  );

  it.each(['10.0.0.25', '172.16.0.5', '192.168.1.20', 'fd00::25'])(
    'when the host is the private address %s, then it is saved (nothing is connected to)',
    async (host) => {
      const value = mailboxSettings(dovecot);
      await save(strictAdmin, {
        ...value,
        smtp: { ...value.smtp, host },
        imap: { ...value.imap, host },
      }).expect(200);
      const read = await strictAdmin.get('/api/settings/email').expect(200);
      expect(read.body.value).toMatchObject({ smtp: { host }, imap: { host } });
    },
  );

  it('when loopback settings were saved before (say, with the allowance), then both tests refuse to connect', async () => {
    const connections: net.Socket[] = [];
    const listener = net.createServer((socket) => {
      connections.push(socket);
      socket.destroy();
    });
    const port = await new Promise<number>((resolve) =>
      listener.listen(0, '127.0.0.1', () => resolve((listener.address() as net.AddressInfo).port)),
    );
    try {
      const local = {
        host: 'localhost',
        port,
        security: 'none' as const,
        username: 'helpdesk',
        password: 'secret-123',
      };
      const stored = sealEmailSettings(createTokenCipher(STRICT_KEY), {
        smtp: local,
        fromAddress: 'support@helpdesk.example.com',
        fromName: 'Help Desk',
        mailboxes: [
          {
            ...local,
            id: DEFAULT_MAILBOX_ID,
            groupId: null,
            folder: 'INBOX',
            afterImport: { action: 'mark_read' },
          },
        ],
      });
      await strict.database.db.insert(settings).values({ key: 'email', value: stored });

      const smtp = await strictAdmin.post('/api/settings/email/test').expect(503);
      expect(smtp.body.message).toBe(
        `${EMAIL_SETTINGS_TEXTS.testFailed}: ${MAIL_SERVER_OUTCOMES.addressNotAllowed}`,
      );
      const imap = await strictAdmin.post('/api/settings/email/imap/test').expect(503);
      expect(imap.body.message).toBe(
        `${EMAIL_SETTINGS_TEXTS.imapTestFailed}: ${MAIL_SERVER_OUTCOMES.addressNotAllowed}`,
      );
      expect(connections).toHaveLength(0);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});
