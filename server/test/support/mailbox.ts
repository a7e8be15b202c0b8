/**
 * The app with a real IMAP mailbox (Debian's Dovecot, server/test/mail/dovecot-test-server.ts) for the
 * mailbox tests: an admin signed in, and the fetch callable directly with the app's own settings.
 */
import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import type { EmailSettingsResponse, ImapSettingsInput } from '@shared/contracts/email-settings';
import { tickets } from '@shared/schema';
import { mailboxSettings, startDovecotTestServer, type DovecotTestServer } from '../mail/dovecot-test-server';
import { signedInAgent, type TestApp } from '../test-app';
import { createInboundTestApp } from './inbound';
import { inboundSettingsFrom } from '../../features/inbound/inbound.service';
import { createTokenCipher } from '../../lib/token-cipher';
import { fetchMailbox, type MailboxImportDeps } from '../../features/inbound/mailbox-import';

export type Agent = Awaited<ReturnType<typeof signedInAgent>>['agent'];

export interface MailboxTestApp {
  t: TestApp;
  dovecot: DovecotTestServer;
  admin: Agent;
  agent: Agent;
  deps: MailboxImportDeps;
  /** One fetch, as the periodic task runs it. */
  fetch(): ReturnType<typeof fetchMailbox>;
  /** Saves the email settings with this mailbox (as the admin). */
  saveMailbox(overrides?: Partial<ImapSettingsInput>): Promise<void>;
  status(): Promise<EmailSettingsResponse>;
  ticketCount(): Promise<number>;
  close(): Promise<void>;
}

export async function createMailboxTestApp(env: Record<string, string> = {}): Promise<MailboxTestApp> {
  const key = crypto.randomBytes(32);
  const t = await createInboundTestApp({ ENCRYPTION_KEY: key.toString('hex'), ...env });
  const dovecot = await startDovecotTestServer();
  const { agent: admin } = await signedInAgent(t.app);
  const { agent } = await signedInAgent(t.app);
  const deps: MailboxImportDeps = {
    db: t.database.db,
    cipher: createTokenCipher(key),
    inbound: inboundSettingsFrom(t.config),
    maxMessageBytes: t.config.inbound.maxBytes,
    batchSize: t.config.email.fetch.batchSize,
    timeoutMs: 5_000,
    allowLoopbackHosts: t.config.email.allowLoopbackHosts,
  };
  return {
    t,
    dovecot,
    admin,
    agent,
    deps,
    fetch: () => fetchMailbox(deps),
    async saveMailbox(overrides = {}) {
      await admin
        .post('/api/settings')
        .send({ key: 'email', value: mailboxSettings(dovecot, overrides) })
        .expect(200);
    },
    async status() {
      return (await admin.get('/api/settings/email').expect(200)).body as EmailSettingsResponse;
    },
    async ticketCount() {
      const [row] = await t.database.db.select({ n: count() }).from(tickets);
      return row!.n;
    },
    async close() {
      await dovecot.close();
      await t.close();
    },
  };
}

let counter = 0;

/** A raw message from `from`, with its own Message-ID. */
export function mailFrom(
  from: string,
  subject: string,
  extraHeaders: Record<string, string> = {},
  body = 'Hello from the mailbox.',
) {
  counter += 1;
  const messageId = `<mailbox-${counter}.${Date.now()}@example.net>`;
  const headers = {
    From: from,
    To: 'support@helpdesk.example.com',
    Subject: subject,
    Date: new Date().toUTCString(),
    'Message-ID': messageId,
    ...extraHeaders,
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  const raw = `${lines.join('\r\n')}\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`;
  return { raw, messageId };
}

export async function ticketIdsWithSubject(t: TestApp, subject: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.subject, subject));
  return rows.map((row) => row.id);
}

/** Runs `work` on one IMAP connection to the test Dovecot, signed in as its user. */
async function withImap<T>(dovecot: DovecotTestServer, work: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user: dovecot.user, pass: dovecot.password },
    logger: false,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.logout();
  }
}

/** Takes the \\Seen flag off a message, as if it had never been marked. */
export function markUnread(dovecot: DovecotTestServer, uid: number, folder: string): Promise<void> {
  return withImap(dovecot, async (client) => {
    await client.mailboxOpen(folder);
    await client.messageFlagsRemove(String(uid), ['\\Seen'], { uid: true });
  });
}

/** Appends many messages over one IMAP connection (the harness opens one per message). */
export function appendAll(
  dovecot: DovecotTestServer,
  raws: readonly string[],
  folder: string,
): Promise<void> {
  return withImap(dovecot, async (client) => {
    for (const raw of raws) await client.append(folder, raw);
  });
}
