/**
 * An open-loop simulation of agents with the SPA open: each agent polls on the SPA's own intervals
 * (shared/constants.ts POLL_INTERVALS_MS), starting at a random moment of each interval as browsers
 * opened at different times would, and revalidates with the ETag of its last answer as the browser's
 * HTTP cache does (If-None-Match, answered 304 when nothing changed), accepting an answer from the
 * server's poll cache as the SPA's background refetches do (Cache-Control: max-age). Unlike a closed loop, a slow
 * answer does not slow the agents down: requests keep arriving on schedule, so queues show as latency.
 */
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { POLL_CACHE_MAX_AGE_SECONDS } from '@shared/constants';

export interface PollTarget {
  /** The figure's label, e.g. "ticket list". */
  name: string;
  intervalMs: number;
  /** The path this agent polls (agents may differ, e.g. in the ticket they have open). */
  path(agent: number): string;
}

export interface WriteAction {
  name: string;
  /** The request to send for the nth write, made by `agent`. */
  request(agent: number, n: number): { method: 'POST' | 'PUT'; path: string; body: unknown };
  expected: readonly number[];
}

export interface SimulationOptions {
  port: number;
  /** One session cookie per agent. */
  cookies: string[];
  targets: readonly PollTarget[];
  writes: readonly WriteAction[];
  writesPerSecond: number;
  warmupSeconds: number;
  seconds: number;
  /** Called once a second with the requests answered so far in the measured window. */
  progress?(answered: number, elapsedSeconds: number): void;
}

export interface EndpointFigures {
  name: string;
  latencies: number[];
  statuses: Map<string, number>;
  errors: number;
}

export interface SimulationResult {
  endpoints: EndpointFigures[];
  /** Every measured request's latency by the second (of the measured window) it was sent in. */
  timeline: number[][];
  seconds: number;
  /** The load generator's own event-loop delay (p99, ms): large values mean it, not the app, lagged. */
  generatorLagP99Ms: number;
}

const BROWSER_HEADERS = { Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate, br, zstd' };
const REQUEST_TIMEOUT_MS = 30_000;
/** After the measured window, requests still unanswered get this long before they are given up. */
const DRAIN_MS = 5_000;

/** Every request not yet answered, so the end of a run can give up the ones an overload left behind. */
const pending = new Set<http.ClientRequest>();

function send(
  agent: http.Agent,
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; etag: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ agent, host: '127.0.0.1', port, method, path, headers }, (res) => {
      res.resume();
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag }));
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    pending.add(req);
    req.on('close', () => pending.delete(req));
    req.end(body);
  });
}

export async function simulateAgents(options: SimulationOptions): Promise<SimulationResult> {
  const { port, cookies } = options;
  const origin = `http://127.0.0.1:${port}`;
  // A browser keeps a few connections per site; two per agent covers a poll overlapping a write.
  const agents = cookies.map(() => new http.Agent({ keepAlive: true, maxSockets: 2 }));
  const etags = cookies.map(() => new Map<string, string>());
  const figures = new Map<string, EndpointFigures>();
  const figuresOf = (name: string) => {
    let entry = figures.get(name);
    if (!entry) figures.set(name, (entry = { name, latencies: [], statuses: new Map(), errors: 0 }));
    return entry;
  };

  const startedAt = performance.now();
  const measureFrom = startedAt + options.warmupSeconds * 1000;
  const endAt = measureFrom + options.seconds * 1000;
  let answered = 0;
  const lag = monitorEventLoopDelay({ resolution: 10 });

  const timeline: number[][] = Array.from({ length: Math.ceil(options.seconds) }, () => []);
  const record = (name: string, sentAt: number, outcome: string, ok: boolean) => {
    if (sentAt < measureFrom || sentAt >= endAt) return;
    const entry = figuresOf(name);
    const latency = performance.now() - sentAt;
    entry.latencies.push(latency);
    timeline[Math.floor((sentAt - measureFrom) / 1000)]?.push(latency);
    entry.statuses.set(outcome, (entry.statuses.get(outcome) ?? 0) + 1);
    if (!ok) entry.errors++;
    answered++;
  };

  const poll = async (agent: number, target: PollTarget) => {
    const path = target.path(agent);
    const headers: Record<string, string> = { ...BROWSER_HEADERS, Cookie: cookies[agent]! };
    const etag = etags[agent]!.get(path);
    if (etag) {
      // A background refetch of data on screen, as client/src/lib/poll-age.ts sends it.
      headers['If-None-Match'] = etag;
      headers['Cache-Control'] = `max-age=${POLL_CACHE_MAX_AGE_SECONDS}`;
    }
    const sentAt = performance.now();
    try {
      const answer = await send(agents[agent]!, port, 'GET', path, headers);
      if (answer.status === 200 && answer.etag) etags[agent]!.set(path, answer.etag);
      record(target.name, sentAt, String(answer.status), answer.status === 200 || answer.status === 304);
    } catch (error) {
      record(target.name, sentAt, `error: ${(error as Error).message}`, false);
    }
  };

  const write = async (n: number) => {
    const action = options.writes[n % options.writes.length]!;
    const agent = Math.floor(Math.random() * cookies.length);
    const { method, path, body } = action.request(agent, n);
    const payload = Buffer.from(JSON.stringify(body));
    const headers = {
      ...BROWSER_HEADERS,
      Cookie: cookies[agent]!,
      Origin: origin,
      'Content-Type': 'application/json',
      'Content-Length': String(payload.length),
    };
    const sentAt = performance.now();
    try {
      const answer = await send(agents[agent]!, port, method, path, headers, payload);
      record(`write: ${action.name}`, sentAt, String(answer.status), action.expected.includes(answer.status));
    } catch (error) {
      record(`write: ${action.name}`, sentAt, `error: ${(error as Error).message}`, false);
    }
  };

  const timers: NodeJS.Timeout[] = [];
  const inFlight = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };
  for (let agent = 0; agent < cookies.length; agent++) {
    for (const target of options.targets) {
      const firstAt = Math.random() * target.intervalMs;
      timers.push(
        setTimeout(() => {
          track(poll(agent, target));
          timers.push(setInterval(() => track(poll(agent, target)), target.intervalMs));
        }, firstAt),
      );
    }
  }
  if (options.writesPerSecond > 0) {
    let n = 0;
    timers.push(setInterval(() => track(write(n++)), 1000 / options.writesPerSecond));
  }
  const ticker = setInterval(() => {
    const now = performance.now();
    if (now >= measureFrom) options.progress?.(answered, (now - measureFrom) / 1000);
  }, 1000);

  await new Promise((resolve) => setTimeout(resolve, options.warmupSeconds * 1000));
  lag.enable();
  await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
  lag.disable();
  for (const timer of timers) clearTimeout(timer);
  clearInterval(ticker);
  const drained = Promise.allSettled([...inFlight]);
  const drainTimer = setTimeout(() => {
    for (const req of pending) req.destroy(new Error('unanswered at the end of the run'));
  }, DRAIN_MS);
  await drained;
  clearTimeout(drainTimer);
  for (const agent of agents) agent.destroy();

  const endpoints = [...figures.values()];
  for (const entry of endpoints) entry.latencies.sort((a, b) => a - b);
  for (const second of timeline) second.sort((a, b) => a - b);
  return { endpoints, timeline, seconds: options.seconds, generatorLagP99Ms: lag.percentile(99) / 1e6 };
}
