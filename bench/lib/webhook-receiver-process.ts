/**
 * A webhook receiver in a child process of its own (bench/webhooks.ts), so that the CPU the bench
 * process spends is the sender's and not the receiver's. It listens on a free loopback port, answers
 * every POST with 200 after `delayMs`, and keeps, in the order they arrived (the body read), what
 * each delivery was: when it came, its delivery id, event, `occurredAt` and ticket. The parent reads
 * them over the same port (GET /count, GET /received?from=n). The child ends with its parent: it
 * exits when its stdin closes.
 *
 * server/test/support/webhook-receiver.ts is the tests' in-process receiver; this one is the same
 * idea out of process.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface ReceivedDelivery {
  /** Date.now() when the request's body had arrived. */
  at: number;
  delivery: string;
  event: string;
  /** The payload's occurredAt (the recording transaction's time), as sent. */
  occurredAt: string;
  ticketId: string | null;
  subject: string | null;
}

export interface ReceiverProcess {
  /** Where the webhook POSTs. */
  url: string;
  pid: number;
  count(): Promise<number>;
  /** What arrived, in arrival order, from the `from`-th on. */
  received(from?: number): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

const THIS_FILE = fileURLToPath(import.meta.url);

/** Starts the receiver as a child of this process (under the same TypeScript loader). */
export async function startReceiverProcess(options: { delayMs: number }): Promise<ReceiverProcess> {
  const child = spawn(process.execPath, [...process.execArgv, THIS_FILE, 'serve', String(options.delayMs)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      const parsed = JSON.parse(line) as { port?: number };
      if (parsed.port) resolve(parsed.port);
      else reject(new Error(`The receiver said ${line}`));
    });
    child.once('error', reject);
    void exited.then(() => reject(new Error('The receiver process ended before it listened')));
  });
  const base = `http://127.0.0.1:${port}`;
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${base}${path}`);
    if (!response.ok) throw new Error(`The receiver answered ${response.status} to ${path}`);
    return (await response.json()) as T;
  };
  return {
    url: `${base}/hook`,
    pid: child.pid!,
    count: () => get<number>('/count'),
    received: (from = 0) => get<ReceivedDelivery[]>(`/received?from=${from}`),
    async close() {
      child.stdin!.end();
      await exited;
    },
  };
}

/** The child: serves until its stdin closes. */
function serve(delayMs: number): void {
  const received: ReceivedDelivery[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://receiver');
      if (req.method === 'GET' && url.pathname === '/count') {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(received.length));
        return;
      }
      if (req.method === 'GET' && url.pathname === '/received') {
        const from = Number(url.searchParams.get('from') ?? 0);
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(received.slice(from)));
        return;
      }
      const at = Date.now();
      const payload = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        id?: string;
        event?: string;
        occurredAt?: string;
        data?: { ticket?: { id?: string; subject?: string } };
      };
      received.push({
        at,
        delivery: payload.id ?? '',
        event: payload.event ?? '',
        occurredAt: payload.occurredAt ?? '',
        ticketId: payload.data?.ticket?.id ?? null,
        subject: payload.data?.ticket?.subject ?? null,
      });
      const answer = () => res.writeHead(200).end('ok');
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    process.stdout.write(`${JSON.stringify({ port })}\n`);
  });
  process.stdin.on('end', () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
  process.stdin.resume();
}

if (process.argv[1] === THIS_FILE && process.argv[2] === 'serve') serve(Number(process.argv[3] ?? 0));
