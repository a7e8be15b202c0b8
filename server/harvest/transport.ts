/**
 * One HTTP exchange with Harvest: the three required headers, a JSON body, a timeout per attempt, and
 * bounded waits on 429. Every other failure becomes a typed error at once; whether to try again later
 * is the caller's decision (see HarvestError.transient).
 */
import { HarvestNetworkError, HarvestRateLimitError, HarvestUnexpectedResponseError } from './errors';
import { errorForResponse } from './response-errors';
import { withoutTrailingSlashes } from '../lib/urls';
import { retryAfterSeconds } from './retry-after';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export interface HarvestRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** A path below the base URL ('/users/me'), or a full URL that Harvest handed out (links.next). */
  target: string | URL;
  query?: Query;
  body?: unknown;
}

export interface HarvestAnswer {
  status: number;
  /** The parsed JSON body; undefined when the body was empty. */
  body: unknown;
  /** "METHOD /path", for messages and logs; never carries credentials. */
  endpoint: string;
}

export interface TransportOptions {
  baseUrl: string;
  accountId: string;
  accessToken: string;
  userAgent: string;
  timeoutMs: number;
  maxRateLimitRetries: number;
  sleep: (ms: number) => Promise<void>;
}

export interface HarvestTransport {
  send(request: HarvestRequest): Promise<HarvestAnswer>;
}

interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
}

export function createTransport(options: TransportOptions): HarvestTransport {
  const base = new URL(withoutTrailingSlashes(options.baseUrl));

  function resolve(request: HarvestRequest): URL {
    const url =
      request.target instanceof URL
        ? new URL(request.target)
        : new URL(`${base.pathname}${request.target}`, base);
    // The token must only ever travel to the configured Harvest host, whatever a link says.
    if (url.origin !== base.origin) {
      throw new HarvestUnexpectedResponseError(
        null,
        `${request.method} ${url.pathname}`,
        'link to another host',
      );
    }
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    return url;
  }

  function headersFor(request: HarvestRequest): Record<string, string> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${options.accessToken}`,
      'Harvest-Account-Id': options.accountId,
      'User-Agent': options.userAgent,
    };
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    return headers;
  }

  async function exchange(url: URL, init: RequestInit, endpoint: string): Promise<RawAnswer> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    try {
      const response = await fetch(url, { ...init, signal: controller.signal });
      // Reading the body stays under the timeout: a server can stall after sending its headers.
      const text = await response.text();
      return { status: response.status, headers: response.headers, text };
    } catch (error) {
      throw new HarvestNetworkError(controller.signal.aborted ? 'timeout' : 'connection', endpoint, error);
    } finally {
      clearTimeout(timer);
    }
  }

  function parseBody(raw: RawAnswer, endpoint: string): unknown {
    if (!raw.text.trim()) return undefined;
    try {
      return JSON.parse(raw.text);
    } catch {
      throw new HarvestUnexpectedResponseError(raw.status, endpoint, 'the body is not JSON');
    }
  }

  return {
    async send(request) {
      const url = resolve(request);
      const endpoint = `${request.method} ${url.pathname}`;
      const init: RequestInit = {
        method: request.method,
        headers: headersFor(request),
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      };
      for (let attempt = 0; ; attempt += 1) {
        const raw = await exchange(url, init, endpoint);
        if (raw.status === 429) {
          // A 429 means Harvest did not act on the request, so repeating even a POST is safe.
          const waitSeconds = retryAfterSeconds(raw.headers.get('retry-after'));
          if (attempt >= options.maxRateLimitRetries) throw new HarvestRateLimitError(waitSeconds);
          await options.sleep(waitSeconds * 1000);
          continue;
        }
        if (raw.status < 200 || raw.status >= 300) throw errorForResponse(raw.status, raw.text, endpoint);
        return { status: raw.status, body: parseBody(raw, endpoint), endpoint };
      }
    },
  };
}
