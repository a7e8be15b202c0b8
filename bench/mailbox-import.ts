/**
 * Mailbox import benchmark: N messages waiting in a real IMAP mailbox (Debian's Dovecot, started as
 * in the tests: server/test/mail/dovecot-test-server.ts) are imported by the real fetch
 * (server/features/inbound) into a scratch PostgreSQL database, each becoming a ticket through the
 * webhook's path. Prints the import rate (messages/s) and the SQL it cost: statements and commits per
 * message.
 *
 *   npm run bench -- mailbox-import
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/helpdesk_bench_mailbox npx tsx bench/mailbox-import.ts
 *
 * The database named in DATABASE_URL is created before and dropped after the run, so its name must
 * contain "bench" and its host must be this machine. BENCH_MESSAGES (per phase, default 1000),
 * BENCH_ATTACHMENT_KB (the file of the second phase, default 50; 0 skips it) and BENCH_BATCH
 * (IMAP_BATCH_SIZE, default 50) tune it. Target: 50 messages/s or more.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { inboundSettingsFrom } from '../server/features/inbound/inbound.service';
import { appendAll } from '../server/test/support/mailbox';
import { fetchMailbox, type MailboxImportDeps } from '../server/features/inbound/mailbox-import';
import { startMailboxUnlessSame } from '../server/mail/mailbox-state.repository';
import { DEFAULT_MAILBOX_ID, mailboxAccountOf, sealEmailSettings } from '../server/mail/email-settings';
import { upsertSetting } from '../server/db/settings-store';
import { createTokenCipher } from '../server/lib/token-cipher';
import { startDovecotTestServer, type DovecotTestServer } from '../server/test/mail/dovecot-test-server';
import { commits, statementsSent } from './lib/sql-cost';
import { intOption } from './lib/options';
import { openScratchDatabase, scratchDatabaseUrl } from './lib/scratch-database';

const BODY = 'Hello, the printer on the third floor jams on every second page since this morning.\n'.repeat(
  6,
);

function message(n: number, phase: string, attachment: Buffer | undefined): string {
  const headers = [
    `From: Requester ${n} <requester${n}.${phase}@contoso.com>`,
    'To: support@helpdesk.example.com',
    `Subject: Printer ${n} jams (${phase})`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <bench-${phase}-${n}.${crypto.randomUUID()}@contoso.com>`,
    'MIME-Version: 1.0',
  ];
  if (!attachment) {
    return `${headers.join('\r\n')}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${BODY}`;
  }
  const boundary = 'bench-boundary';
  const encoded = attachment.toString('base64').replace(/.{76}/g, '$&\r\n');
  return [
    ...headers,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    BODY,
    `--${boundary}`,
    'Content-Type: application/pdf; name="printer-log.pdf"',
    'Content-Disposition: attachment; filename="printer-log.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    encoded,
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** Fills a new folder with the phase's messages. */
async function fill(dovecot: DovecotTestServer, folder: string, count: number, phase: string, kb: number) {
  await dovecot.createFolder(folder);
  const attachment = kb > 0 ? crypto.randomBytes(kb * 1024) : undefined;
  const raws = Array.from({ length: count }, (_, n) => message(n, phase, attachment));
  await appendAll(dovecot, raws, folder);
}

async function main(): Promise<void> {
  const url = scratchDatabaseUrl('postgres://postgres@127.0.0.1:5432/helpdesk_bench_mailbox');
  const count = intOption('BENCH_MESSAGES', 1000, { min: 1, max: 1_000_000 });
  const attachmentKb = intOption('BENCH_ATTACHMENT_KB', 50, { min: 0, max: 10_240 });
  const batchSize = intOption('BENCH_BATCH', 50, { min: 1, max: 500 });
  const scratch = await openScratchDatabase(url, { keep: false });
  const dovecot = await startDovecotTestServer();
  const key = crypto.randomBytes(32);
  const cipher = createTokenCipher(key);
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: scratch.url,
    SESSION_SECRET: 'bench-session-secret-bench-session-secret',
    ENCRYPTION_KEY: key.toString('hex'),
    // Every message has its own sender; the limit is the app's default anyway.
    INBOUND_MAX_TICKETS_PER_SENDER_PER_MINUTE: '10',
    // Dovecot listens on a loopback port.
    MAIL_ALLOW_LOOPBACK_HOSTS: 'true',
  });
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '', dbPoolSize: 10 });
  const deps: MailboxImportDeps = {
    db: database.db,
    cipher,
    inbound: inboundSettingsFrom(config),
    maxMessageBytes: config.inbound.maxBytes,
    batchSize,
    timeoutMs: 30_000,
    allowLoopbackHosts: config.email.allowLoopbackHosts,
  };
  try {
    console.log(
      `Mailbox import into PostgreSQL (${url.host}/${scratch.name}) from Dovecot on 127.0.0.1:${dovecot.port}: ` +
        `${count} messages per phase, batches of ${batchSize}`,
    );
    const phases: [string, number][] = [['text', 0]];
    if (attachmentKb > 0) phases.push([`text + ${attachmentKb} KB file`, attachmentKb]);
    for (const [index, [name, kb]] of phases.entries()) {
      const folder = `Bench${index}`;
      const imap = {
        host: dovecot.host,
        port: dovecot.port,
        security: 'none' as const,
        username: dovecot.user,
        password: dovecot.password,
        folder,
        afterImport: { action: 'mark_read' as const },
      };
      await upsertSetting(
        database.db,
        'email',
        sealEmailSettings(cipher, {
          smtp: { host: '127.0.0.1', port: 25, security: 'none', username: '', password: '' },
          fromAddress: 'support@helpdesk.example.com',
          fromName: 'Support',
          mailboxes: [{ ...imap, id: DEFAULT_MAILBOX_ID, groupId: null }],
        }),
      );
      await startMailboxUnlessSame(
        database.db,
        DEFAULT_MAILBOX_ID,
        mailboxAccountOf(imap),
        new Date(Date.now() - 60_000),
      );
      await fill(dovecot, folder, count, `p${index}`, kb);

      const statementsBefore = statementsSent();
      const commitsBefore = await commits(database.pool);
      const started = performance.now();
      const summary = await fetchMailbox(deps);
      const seconds = (performance.now() - started) / 1000;
      // Backends report their commits to the statistics about once a second.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const spent = {
        statements: statementsSent() - statementsBefore,
        commits: (await commits(database.pool)) - commitsBefore - 1,
      };
      const { rows } = await database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM tickets WHERE subject LIKE ${`% (p${index})`}`,
      );
      const imported = rows[0]!.n;
      console.log(
        `${name.padEnd(20)} ${String(imported).padStart(6)} tickets in ${seconds.toFixed(2)} s: ` +
          `${(imported / seconds).toFixed(0)} messages/s; SQL ${(spent.statements / imported).toFixed(1)} statements ` +
          `and ${(spent.commits / imported).toFixed(1)} commits per message` +
          `${imported !== count || summary?.error ? ` (EXPECTED ${count}${summary?.error ? `: ${summary.error}` : ''})` : ''}`,
      );
      if (imported !== count) process.exitCode = 1;
    }
  } finally {
    await database.close();
    await dovecot.close();
    await scratch.close();
  }
}

await main();
