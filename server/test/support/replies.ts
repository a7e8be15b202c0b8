/** Helpers shared by the replies tests (not a test file itself). */
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ticketMessages, type TicketMessageRow } from '@shared/schema';
import type { Database } from '../../db/client';
import { TEST_SMTP_PASSWORD } from '../security/known-secrets';
import { startSmtpTestServer, type SmtpTestServer } from '../mail/smtp-test-server';
import { createTestApp, signedInAgent, type TestApp } from '../test-app';
import { createTokenCipher, type TokenCipher } from '../../lib/token-cipher';
import { startReplySender } from '../../features/replies/send-reply.job';

export const SMTP_USERNAME = 'helpdesk';
export { TEST_SMTP_PASSWORD };

/** One key for the app and the test's own sender, so both open the saved SMTP password. */
const ENCRYPTION_KEY = crypto.randomBytes(32).toString('hex');

/** Fast retries and polls, short SMTP timeouts: a test waits seconds, not minutes. */
export const FAST_EMAIL_ENV = {
  ENCRYPTION_KEY,
  EMAIL_SEND_POLL_SECONDS: '0.5',
  EMAIL_SEND_RETRY_DELAY_SECONDS: '1',
  SMTP_TIMEOUT_MS: '3000',
};

export type Agent = Awaited<ReturnType<typeof signedInAgent>>['agent'];

export interface ReplyTestApp {
  t: TestApp;
  smtp: SmtpTestServer;
  cipher: TokenCipher;
  /** The first account: the admin. */
  admin: Agent;
  adminUser: { id: string; email: string };
  agent: Agent;
  agentUser: { id: string; email: string };
  agentInput: { firstName: string; lastName: string; email: string };
  /** Saves the email settings pointing at the test SMTP server (as the admin). */
  configureEmail(): Promise<void>;
  /** Starts this app's send worker (its job runner) with the fast settings. */
  startSender(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The app with email configured to a real SMTP server on a loopback port that requires a login,
 * an admin and an agent signed in. The send worker is not started (startSender).
 */
export async function createReplyTestApp(
  env: Record<string, string> = {},
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<ReplyTestApp> {
  const smtp = await startSmtpTestServer({ username: SMTP_USERNAME, password: TEST_SMTP_PASSWORD });
  const t = await createTestApp({ ...FAST_EMAIL_ENV, ...env }, options);
  const cipher = createTokenCipher(t.config.encryptionKey!);
  const { agent: admin, user: adminUser } = await signedInAgent(t.app);
  const { agent, user: agentUser, input: agentInput } = await signedInAgent(t.app);
  const configureEmail = async () => {
    await admin.post('/api/settings').send({ key: 'email', value: smtp.emailSettings() }).expect(200);
  };
  await configureEmail();
  return {
    t,
    smtp,
    cipher,
    admin,
    adminUser,
    agent,
    agentUser,
    agentInput,
    configureEmail,
    startSender: () => startReplySender({ db: t.database.db, jobs: t.jobs, config: t.config, cipher }),
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}

export async function readMessage(db: Database, id: string): Promise<TicketMessageRow> {
  const [row] = await db.select().from(ticketMessages).where(eq(ticketMessages.id, id));
  if (!row) throw new Error(`no message ${id}`);
  return row;
}

/** Waits until the message's status is one of `statuses` (the worker moves it), and returns it. */
export async function waitForStatus(
  db: Database,
  id: string,
  statuses: readonly string[],
  timeoutMs = 20_000,
): Promise<TicketMessageRow> {
  const started = Date.now();
  for (;;) {
    const row = await readMessage(db, id);
    if (statuses.includes(row.status)) return row;
    if (Date.now() - started > timeoutMs) {
      throw new Error(
        `message ${id} stayed ${row.status} (error: ${row.error}); expected ${statuses.join('/')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Records the email that opened a ticket, as the inbound side does (inbound_messages, 'created'). */
export async function recordOpeningEmail(db: Database, ticketId: string, messageId: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO inbound_messages (dedupe_key, sender, message_id, ticket_id, outcome)
    VALUES (${crypto.createHash('sha256').update(messageId).digest('hex')}, 'jordan.lee@contoso.com',
            ${messageId}, ${ticketId}, 'created')`);
}

export const postReply = (as: Agent, ticketId: string, body: string) =>
  as.post(`/api/tickets/${ticketId}/messages`).send({ body });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
