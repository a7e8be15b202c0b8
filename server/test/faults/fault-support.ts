/** HTTP calls, waits and sign-in for the fault tests (not a test file itself). */
import http from 'node:http';
import { newUserInput } from '../test-app';

/** One HTTP exchange as the fault tests see it: never throws, a failed exchange has status 0. */
export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body, the raw text when it is not JSON, or undefined when there was none. */
  body: unknown;
  /** performance.now() when the request was sent and when its answer (or failure) arrived. */
  startedAt: number;
  endedAt: number;
  ms: number;
  /** The socket error when no answer came (ECONNREFUSED, ECONNRESET, timeout…). */
  error?: string;
}

export interface CallOptions {
  body?: unknown;
  cookie?: string;
  /** Keep-alive agent, as a browser keeps its connections. Default: a new connection. */
  agent?: http.Agent;
  /** A request still unanswered after this long is abandoned as `error: 'timeout'`. */
  timeoutMs?: number;
}

export function call(port: number, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const done = (answer: Omit<Answer, 'startedAt' | 'endedAt' | 'ms'>) => {
      const endedAt = performance.now();
      resolve({ ...answer, startedAt, endedAt, ms: endedAt - startedAt });
    };
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: options.agent ?? false,
        headers: {
          Accept: 'application/json',
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': payload.length } : {}),
          ...(options.cookie ? { Cookie: options.cookie } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error: NodeJS.ErrnoException) =>
          done({ status: 0, headers: {}, body: undefined, error: error.code ?? error.message }),
        );
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text === '' ? undefined : text;
          try {
            if (text !== '') body = JSON.parse(text);
          } catch {
            // Not JSON: kept as text for the assertion message.
          }
          done({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      },
    );
    req.setTimeout(options.timeoutMs ?? 20_000, () =>
      req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })),
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      done({ status: 0, headers: {}, body: undefined, error: error.code ?? error.message }),
    );
    req.end(payload);
  });
}

/** Polls `check` until it holds; fails with `what` after `timeoutMs`. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  options: { timeoutMs: number; what: string; intervalMs?: number },
): Promise<void> {
  const deadline = performance.now() + options.timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline)
      throw new Error(`timed out after ${options.timeoutMs} ms waiting for ${options.what}`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 20));
  }
}

/** Registers an account (the first of a database becomes its admin) and signs in: the session cookie. */
export async function signUpAndIn(port: number): Promise<string> {
  const input = newUserInput();
  const registered = await call(port, 'POST', '/api/register', { body: input });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const login = await call(port, 'POST', '/api/login', {
    body: { email: input.email, password: input.password },
  });
  const cookie = login.headers['set-cookie']?.[0]?.split(';')[0];
  if (login.status !== 200 || !cookie) throw new Error(`login answered ${login.status}`);
  return cookie;
}

let subjectCounter = 0;

/** A valid POST /api/tickets body with a subject no other ticket of the run has. */
export function ticketInput(label: string) {
  subjectCounter += 1;
  return {
    subject: `${label} ${process.pid}-${subjectCounter}`,
    body: 'The printer on floor 3 jams on every page.',
    fromEmail: 'jordan.lee@contoso.com',
    fromName: 'Jordan Lee',
  };
}

/** The percentile `p` (0–100) of `values`, by nearest rank; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** A short figure for the test's printed summary. */
export const ms = (value: number) => `${Math.round(value)} ms`;

/** A request the load sends: what to call, and what the test needs to check its effect later. */
export interface PlannedRequest {
  op: string;
  method: string;
  path: string;
  body?: unknown;
  /** What the request should leave in the database if it succeeds. */
  meta?: Record<string, unknown>;
}

export interface LoadRecord extends Answer, Omit<PlannedRequest, 'body'> {
  worker: number;
  /** The request's body (`body` is the answer's). */
  sent?: unknown;
}

export interface Load {
  records: LoadRecord[];
  /** Requests sent and not answered yet. */
  inFlight(): number;
  /** Stops sending and waits for the requests under way. */
  stop(): Promise<void>;
}

/**
 * A closed loop of `workers` clients, each with its own keep-alive connection as a browser tab has,
 * sending what `plan` returns one request after the other. After a failed request a worker pauses
 * briefly, as a client backing off would, so an outage does not become a busy loop.
 */
export function startLoad(options: {
  port: number;
  cookie: string;
  workers: number;
  plan: (worker: number, sequence: number) => PlannedRequest;
  pauseAfterFailureMs?: number;
  timeoutMs?: number;
}): Load {
  const records: LoadRecord[] = [];
  let running = true;
  let inFlight = 0;
  const agents: http.Agent[] = [];
  const loops = Array.from({ length: options.workers }, async (_, worker) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(agent);
    for (let sequence = 0; running; sequence++) {
      const planned = options.plan(worker, sequence);
      inFlight++;
      const answer = await call(options.port, planned.method, planned.path, {
        body: planned.body,
        cookie: options.cookie,
        agent,
        timeoutMs: options.timeoutMs,
      });
      inFlight--;
      const { body: sent, ...request } = planned;
      records.push({ ...request, ...answer, sent, worker });
      if (answer.status < 200 || answer.status >= 300) {
        await new Promise((resolve) => setTimeout(resolve, options.pauseAfterFailureMs ?? 50));
      }
    }
  });
  return {
    records,
    inFlight: () => inFlight,
    async stop() {
      running = false;
      await Promise.all(loops);
      for (const agent of agents) agent.destroy();
    },
  };
}

export const isSuccess = (answer: Pick<Answer, 'status'>) => answer.status >= 200 && answer.status < 300;
