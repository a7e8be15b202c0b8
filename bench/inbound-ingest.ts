/**
 * Inbound email ingest benchmark: starts the app (a child process) on a scratch PostgreSQL database,
 * posts distinct messages to POST /api/inbound/email from C concurrent clients for a fixed time, and
 * prints the sustained ingest rate (tickets/s) and latency percentiles, for JSON payloads and for raw
 * MIME messages.
 *
 *   npm run bench -- inbound-ingest
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/helpdesk_bench_inbound npx tsx bench/inbound-ingest.ts
 *
 * The database named in DATABASE_URL is created before and dropped after the run, so its name must
 * contain "bench" and its host must be this machine. BENCH_SECONDS (per format, default 10),
 * BENCH_CONCURRENCY (default 16) and BENCH_SENDERS (distinct sender addresses, default 500) tune it.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startApp, type AppProcess } from './lib/app-process';
import { openScratchDatabase, scratchDatabaseUrl } from './lib/scratch-database';

const TOKEN = crypto.randomBytes(24).toString('hex');

const positiveInt = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
};

/** The real app (a child process, bench/lib) on the scratch database, with the webhook enabled. */
const startServer = (databaseUrl: string): Promise<AppProcess> =>
  startApp({
    databaseUrl,
    env: {
      INBOUND_EMAIL_TOKEN: TOKEN,
      INBOUND_SUPPORT_ADDRESS: 'support@bench.example.com',
      // Every message is distinct and senders repeat; the benchmark measures ingest, not the limit.
      INBOUND_MAX_TICKETS_PER_SENDER_PER_MINUTE: '1000000',
      INBOUND_MAX_MESSAGES_PER_MINUTE: '1000000',
    },
  });

const BODY_TEXT = 'The printer on the 3rd floor jams every morning. '.repeat(20);
const ATTACHMENT = crypto
  .randomBytes(8 * 1024)
  .toString('base64')
  .replace(/.{76}/g, '$&\r\n');

interface Delivery {
  contentType: string;
  body: Buffer;
}

function jsonMessage(run: string, i: number, senders: number): Delivery {
  const payload = {
    subject: `Bench ${run} #${i}: printer jams`,
    body: BODY_TEXT,
    from: `Bench User ${i % senders} <user${i % senders}@bench.example.com>`,
    received: new Date().toISOString(),
    priority: ['low', 'medium', 'high'][i % 3],
    headers: { 'Message-ID': `<${run}-${i}@bench.example.com>` },
  };
  return { contentType: 'application/json', body: Buffer.from(JSON.stringify(payload)) };
}

function mimeMessage(run: string, i: number, senders: number): Delivery {
  const lines = [
    `From: "Bench User ${i % senders}" <user${i % senders}@bench.example.com>`,
    'To: support@bench.example.com',
    `Subject: Bench ${run} #${i}: printer jams`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${run}-${i}@bench.example.com>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="mixed"',
    '',
    '--mixed',
    'Content-Type: multipart/alternative; boundary="alt"',
    '',
    '--alt',
    'Content-Type: text/plain; charset=utf-8',
    '',
    BODY_TEXT,
    '--alt',
    'Content-Type: text/html; charset=utf-8',
    '',
    `<html><body><p>${BODY_TEXT}</p></body></html>`,
    '--alt--',
    '--mixed',
    'Content-Type: application/pdf; name="log.pdf"',
    'Content-Disposition: attachment; filename="log.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    ATTACHMENT,
    '--mixed--',
    '',
  ];
  return { contentType: 'message/rfc822', body: Buffer.from(lines.join('\r\n')) };
}

function post(agent: http.Agent, port: number, delivery: Delivery): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/inbound/email',
        headers: {
          Authorization: `Bearer ${TOKEN}`,
          'Content-Type': delivery.contentType,
          'Content-Length': delivery.body.length,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(delivery.body);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;

interface PhaseResult {
  created: number;
  seconds: number;
  statuses: Map<number, number>;
  latencies: number[];
}

/** C clients posting distinct messages back to back until `seconds` have passed. */
async function runPhase(
  port: number,
  make: (i: number) => Delivery,
  seconds: number,
  concurrency: number,
): Promise<PhaseResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const delivery = make(next++);
      const sent = performance.now();
      const status = await post(agent, port, delivery).catch(() => 0);
      latencies.push(performance.now() - sent);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    created: statuses.get(201) ?? 0,
    seconds: elapsed,
    statuses,
    latencies: latencies.sort((a, b) => a - b),
  };
}

function report(name: string, result: PhaseResult, concurrency: number): void {
  const { latencies } = result;
  const statuses = [...result.statuses].map(([status, n]) => `${status}×${n}`).join(' ');
  console.log(
    `${name.padEnd(5)} ${String(result.created).padStart(6)} tickets in ${result.seconds.toFixed(1)} s with ${concurrency} clients: ` +
      `${(result.created / result.seconds).toFixed(0)} tickets/s, latency p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms (answers: ${statuses})`,
  );
}

async function main(): Promise<void> {
  const url = scratchDatabaseUrl('postgres://postgres@127.0.0.1:5432/helpdesk_bench_inbound');
  const seconds = positiveInt(process.env.BENCH_SECONDS, 10);
  const concurrency = positiveInt(process.env.BENCH_CONCURRENCY, 16);
  const senders = positiveInt(process.env.BENCH_SENDERS, 500);
  const scratch = await openScratchDatabase(url, { keep: false });
  let app: AppProcess | undefined;
  try {
    app = await startServer(scratch.url);
    const run = crypto.randomBytes(4).toString('hex');
    console.log(
      `Inbound ingest on PostgreSQL (${url.host}/${scratch.name}), ${seconds} s per format, ${concurrency} clients, ${senders} senders`,
    );
    await runPhase(app.port, (i) => jsonMessage(`${run}-warmup`, i, senders), 2, concurrency);
    const json = await runPhase(
      app.port,
      (i) => jsonMessage(`${run}-json`, i, senders),
      seconds,
      concurrency,
    );
    report('JSON', json, concurrency);
    const mime = await runPhase(
      app.port,
      (i) => mimeMessage(`${run}-mime`, i, senders),
      seconds,
      concurrency,
    );
    report('MIME', mime, concurrency);

    const db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
    for (const [phase, result] of [
      ['json', json],
      ['mime', mime],
    ] as const) {
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM tickets WHERE subject LIKE $1',
        [`Bench ${run}-${phase} #%`],
      );
      const stored = rows[0]!.n;
      console.log(
        `Check ${phase}: ${stored} tickets stored for ${result.created} answered 201${stored === result.created ? '' : ' (MISMATCH)'}`,
      );
    }
    await db.end();
  } finally {
    await app?.stop();
    await scratch.close();
  }
}

await main();
