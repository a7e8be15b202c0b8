/**
 * Outbox drain benchmark: N replies queued by the real reply service on a scratch PostgreSQL database,
 * then drained by the real send worker (the app's job runner, pg-boss) to a local SMTP server over
 * real TCP (server/test/mail/smtp-test-server.ts, raw messages only). Prints the drain rate
 * (emails/s), from the worker's start to the last email and over the steady part (first to last
 * email), and the SQL it cost: statements and commits per email, pg-boss's own included.
 *
 *   npm run bench -- outbox
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/helpdesk_bench_outbox npx tsx bench/outbox.ts
 *
 * The database named in DATABASE_URL is created before and dropped after the run, so its name must
 * contain "bench" and its host must be this machine. BENCH_REPLIES (per phase, default 1000),
 * BENCH_ATTACHMENT_KB (the file of the second phase, default 50; 0 skips it), BENCH_POLL_SECONDS
 * (EMAIL_SEND_POLL_SECONDS, default 1) and BENCH_WORKERS (send workers, each with its own runner and
 * pool like an app process, default 1) tune it. Target: 50 emails/s or more.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { loadConfig, type AppConfig } from '../server/config';
import { openDatabase, type OpenDatabase } from '../server/db/database';
import { createJobRunner, type JobRunner } from '../server/jobs/job-runner';
import * as replies from '../server/features/replies/replies.service';
import { startReplySender } from '../server/features/replies/send-reply.job';
import { sealEmailSettings } from '../server/mail/email-settings';
import { upsertSetting } from '../server/db/settings-store';
import { createTokenCipher, type TokenCipher } from '../server/lib/token-cipher';
import { startSmtpTestServer, type SmtpTestServer } from '../server/test/mail/smtp-test-server';
import { commits, statementsSent } from './lib/sql-cost';
import { intOption, numberOption } from './lib/options';
import { openScratchDatabase, scratchDatabaseUrl } from './lib/scratch-database';

const TICKETS = 50;
const BODY = 'Hello Jordan,\n\nThe drum unit is replaced and the printer prints again. '.repeat(8);

async function seed(database: OpenDatabase, smtp: SmtpTestServer, cipher: TokenCipher) {
  const { smtp: server, fromAddress, fromName } = smtp.emailSettings();
  await upsertSetting(
    database.db,
    'email',
    sealEmailSettings(cipher, { smtp: server, fromAddress, fromName, mailboxes: [] }),
  );
  const { rows: users } = await database.db.execute<{ id: string; email: string }>(sql`
    INSERT INTO users (email, password, first_name, last_name, role)
    VALUES ('bench.agent@example.com', 'x', 'Bench', 'Agent', 'agent') RETURNING id, email`);
  const { rows: tickets } = await database.db.execute<{ id: string }>(sql`
    INSERT INTO tickets (ticket_number, subject, body, from_email, from_name, status)
    SELECT 'T-' || (1700000000000 + n), 'Printer ' || n || ' jams', 'It jams.',
           'requester' || n || '@contoso.com', 'Requester ' || n, 'in_progress'
      FROM generate_series(1, ${TICKETS}) n
    RETURNING id`);
  return {
    author: { ...users[0]!, firstName: 'Bench', lastName: 'Agent' },
    ticketIds: tickets.map((t) => t.id),
  };
}

interface PhaseResult {
  emails: number;
  totalSeconds: number;
  steadySeconds: number;
  statements: number;
  commits: number;
  stillQueued: number;
  failed: number;
}

async function runPhase(
  name: string,
  options: { replies: number; attachmentBytes: number; workers: number },
  database: OpenDatabase,
  databaseUrl: string,
  config: AppConfig,
  smtp: SmtpTestServer,
  cipher: TokenCipher,
  seeded: Awaited<ReturnType<typeof seed>>,
): Promise<PhaseResult> {
  const enqueuer = createJobRunner(database.pool);
  const file = options.attachmentBytes
    ? [
        {
          filename: 'printer-log.pdf',
          contentType: 'application/pdf',
          size: options.attachmentBytes,
          content: crypto.randomBytes(options.attachmentBytes),
        },
      ]
    : [];
  for (let i = 0; i < options.replies; i++) {
    await replies.sendReply(
      { db: database.db, config, jobs: enqueuer, cipher },
      seeded.ticketIds[i % seeded.ticketIds.length]!,
      seeded.author,
      { body: `${BODY}\n\n(${name} #${i})`, files: file },
    );
  }
  await enqueuer.stop();
  smtp.clear();

  // Each worker stands for an app process: its own pool and runner.
  const workerDatabases: OpenDatabase[] = [];
  const runners: JobRunner[] = [];
  const statementsBefore = statementsSent();
  const commitsBefore = await commits(database.pool);
  const started = performance.now();
  for (let w = 0; w < options.workers; w++) {
    const own = await openDatabase({ databaseUrl, dataDir: '', dbPoolSize: 10 });
    workerDatabases.push(own);
    const jobs = createJobRunner(own.pool);
    runners.push(jobs);
    await startReplySender({ db: own.db, jobs, config, cipher });
  }
  await smtp.waitForMessages(options.replies, 600_000);
  const finished = performance.now();
  const statementsAfter = statementsSent();
  const commitsAfter = await commits(database.pool);
  const firstEmailAt = smtp.messages[0]!.receivedAt.getTime();
  const lastEmailAt = smtp.messages.at(-1)!.receivedAt.getTime();
  for (const jobs of runners) await jobs.stop();
  for (const own of workerDatabases) await own.close();

  const { rows } = await database.db.execute<{ status: string; n: number }>(
    sql`SELECT status, count(*)::int AS n FROM ticket_messages WHERE body LIKE ${`%(${name} #%`} GROUP BY status`,
  );
  const byStatus = new Map(rows.map((row) => [row.status, row.n]));
  return {
    emails: smtp.messages.length,
    totalSeconds: (finished - started) / 1000,
    steadySeconds: Math.max(0.001, (lastEmailAt - firstEmailAt) / 1000),
    statements: statementsAfter - statementsBefore,
    // The commits query itself is one of them.
    commits: commitsAfter - commitsBefore - 1,
    stillQueued: (byStatus.get('queued') ?? 0) + (byStatus.get('sending') ?? 0),
    failed: byStatus.get('failed') ?? 0,
  };
}

function report(name: string, result: PhaseResult): void {
  const rate = result.emails / result.totalSeconds;
  const steady = (result.emails - 1) / result.steadySeconds;
  console.log(
    `${name.padEnd(22)} ${String(result.emails).padStart(5)} emails in ${result.totalSeconds.toFixed(2)} s: ` +
      `${rate.toFixed(0)} emails/s from the worker's start, ${steady.toFixed(0)} emails/s first to last; ` +
      `SQL ${(result.statements / result.emails).toFixed(1)} statements and ${(result.commits / result.emails).toFixed(1)} commits per email` +
      `${result.stillQueued || result.failed ? ` (NOT SENT: ${result.stillQueued} queued, ${result.failed} failed)` : ''}`,
  );
}

async function main(): Promise<void> {
  const url = scratchDatabaseUrl('postgres://postgres@127.0.0.1:5432/helpdesk_bench_outbox');
  const count = intOption('BENCH_REPLIES', 1000, { min: 1, max: 1_000_000 });
  const attachmentKb = intOption('BENCH_ATTACHMENT_KB', 50, { min: 0, max: 10_240 });
  const pollSeconds = numberOption('BENCH_POLL_SECONDS', 1, { min: 0.5, max: 60 });
  const workers = intOption('BENCH_WORKERS', 1, { min: 1, max: 16 });
  const scratch = await openScratchDatabase(url, { keep: false });
  const smtp = await startSmtpTestServer({ parse: false });
  const key = crypto.randomBytes(32);
  const cipher = createTokenCipher(key);
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: scratch.url,
    SESSION_SECRET: 'bench-session-secret-bench-session-secret',
    ENCRYPTION_KEY: key.toString('hex'),
    EMAIL_SEND_POLL_SECONDS: String(pollSeconds),
    // The SMTP test server listens on a loopback port.
    MAIL_ALLOW_LOOPBACK_HOSTS: 'true',
  });
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '', dbPoolSize: 10 });
  try {
    const seeded = await seed(database, smtp, cipher);
    console.log(
      `Outbox drain on PostgreSQL (${url.host}/${scratch.name}): ${count} replies per phase, ` +
        `${workers} worker${workers === 1 ? '' : 's'}, polling every ${pollSeconds} s, SMTP on 127.0.0.1:${smtp.port}`,
    );
    const phases: [string, number][] = [['text', 0]];
    if (attachmentKb > 0) phases.push([`text + ${attachmentKb} KB file`, attachmentKb * 1024]);
    for (const [name, attachmentBytes] of phases) {
      const result = await runPhase(
        name,
        { replies: count, attachmentBytes, workers },
        database,
        scratch.url,
        config,
        smtp,
        cipher,
        seeded,
      );
      report(name, result);
    }
  } finally {
    await database.close();
    await smtp.close();
    await scratch.close();
  }
}

await main();
