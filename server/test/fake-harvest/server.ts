/**
 * A fake Harvest v2 API over real HTTP, in memory, for tests and local development (this machine has no
 * internet). It checks the headers, paginates, validates, refuses and fails the way shared/harvest-api.md
 * and Harvest's docs describe, and its controls force failures and latency, switch whose token it is and
 * their role, and lock entries on demand.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { logger } from '../../lib/logger';
import { checkHeaders } from './auth';
import { CONTROL_PATH, controlEndpoint } from './control-endpoint';
import { FakeHarvestControls } from './controls';
import { json, notFoundHtml, readBody, send, type FakeResponse } from './http';
import { MAX_PER_PAGE, paginate } from './pagination';
import { readRoutes } from './read-endpoints';
import type { Route } from './route';
import { userRoutes } from './users';
import { createSeedState } from './seed';
import type { FakeCredential, FakeHarvestState } from './state';
import { timeEntryRoutes } from './time-entries';

export {
  FAKE_HARVEST_ACCOUNT_ID,
  FAKE_HARVEST_TOKEN,
  FAKE_HARVEST_USER_ID,
  FAKE_HARVEST_USER_IDS,
} from './seed';
export {
  LOCKED_REASON as FAKE_HARVEST_LOCKED_REASON,
  REFUSAL as FAKE_HARVEST_REFUSAL,
  VALIDATION as FAKE_HARVEST_VALIDATION,
} from './messages';
export type {
  FakeHarvestControls,
  FailureOptions,
  FakeLockReason,
  FakeRole,
  RecordedRequest,
} from './controls';
export type { FakeFailureStatus } from './failures';
export type { PaginationStyle } from './pagination';
export type { FakeCredential, FakeHarvestState } from './state';

export interface FakeHarvestOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Page size when a request names none; default 2000, as Harvest's. */
  perPage?: number;
  /** The accepted account id and token pairs; default the FAKE_HARVEST_* pair. */
  credentials?: FakeCredential[];
}

export interface FakeHarvest {
  /** The base URL, ending in /v2, to hand to createHarvestClient. */
  url: string;
  /** The live data; tests may read it, or change it between requests. */
  state: FakeHarvestState;
  controls: FakeHarvestControls;
  stop(): Promise<void>;
}

const routes: Route[] = [...userRoutes, ...readRoutes, ...timeEntryRoutes];

const flattenHeaders = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : (value ?? ''),
    ]),
  );

/** Harvest reads a JSON body only when it is declared as JSON; anything else arrives as no fields. */
function parseBody(
  req: IncomingMessage,
  text: string,
): { body: Record<string, unknown>; malformed: boolean; raw: unknown } {
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '') || !text.trim()) {
    return { body: {}, malformed: false, raw: undefined };
  }
  try {
    const raw: unknown = JSON.parse(text);
    const isObject = typeof raw === 'object' && raw !== null && !Array.isArray(raw);
    return { body: isObject ? (raw as Record<string, unknown>) : {}, malformed: false, raw };
  } catch {
    return { body: {}, malformed: true, raw: undefined };
  }
}

export async function startFakeHarvest(options: FakeHarvestOptions = {}): Promise<FakeHarvest> {
  const host = options.host ?? '127.0.0.1';
  const perPage = options.perPage ?? MAX_PER_PAGE;
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) {
    throw new RangeError(`perPage must be an integer from 1 to ${MAX_PER_PAGE}`);
  }
  const seed = () => createSeedState(options.credentials);
  const state = seed();
  const controls = new FakeHarvestControls(state, seed);
  const pendingDelays = new Set<NodeJS.Timeout>();
  let ownOrigin = '';

  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        pendingDelays.delete(timer);
        resolve();
      }, ms);
      pendingDelays.add(timer);
    });

  function dispatch(req: IncomingMessage, url: URL, parsed: ReturnType<typeof parseBody>): FakeResponse {
    let params: string[] = [];
    const route = routes.find((candidate) => {
      const match = candidate.method === req.method ? candidate.pattern.exec(url.pathname) : null;
      if (match) params = match.slice(1);
      return match !== null;
    });
    if (!route) return notFoundHtml();
    const refused = checkHeaders(req.headers, state);
    if (refused) return refused;
    if (parsed.malformed) return json(400, { status: 400, error: 'Bad Request' });
    return route.handle({
      state,
      url,
      params,
      body: parsed.body,
      page: (items, key) =>
        paginate(items, key, { url, defaultPerPage: perPage, style: controls.paginationStyle }),
    });
  }

  async function answerApi(req: IncomingMessage, url: URL, bodyText: string): Promise<FakeResponse> {
    const parsed = parseBody(req, bodyText);
    const recorded = controls.record({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.search,
      headers: flattenHeaders(req.headers),
      body: parsed.raw,
    });
    // Decided on arrival, so a slow request cannot take a failure meant for a later one.
    const forced = controls.takeFailure(url.pathname);
    // Harvest carries out a request even when its client gave up waiting, and so does the fake.
    if (controls.latencyMs > 0) await delay(controls.latencyMs);
    const response = forced ?? dispatch(req, url, parsed);
    recorded.status = response.status;
    return response;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    // Links are built on the origin the client called, as Harvest's are on its own host.
    const origin =
      req.headers.host && URL.canParse(`http://${req.headers.host}`)
        ? `http://${req.headers.host}`
        : ownOrigin;
    const url = new URL(req.url ?? '/', origin);
    const bodyText = await readBody(req);
    if (url.pathname === CONTROL_PATH)
      return send(res, controlEndpoint(controls, req.method ?? 'GET', bodyText));
    send(res, await answerApi(req, url, bodyText));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      logger.error('Fake Harvest failed to answer', { path: req.url, error: String(error) });
      send(res, json(500, { status: 500, error: 'Internal Server Error' }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  ownOrigin = `http://${shownHost}:${port}`;

  return {
    url: `${ownOrigin}/v2`,
    state,
    controls,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of pendingDelays) clearTimeout(timer);
        pendingDelays.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections would hold close() open until they time out.
        server.closeAllConnections();
      }),
  };
}
