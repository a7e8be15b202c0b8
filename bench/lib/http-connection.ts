/** GET requests to the app on 127.0.0.1 over one keep-alive socket, for the closed loop. */
import http from 'node:http';
import type { LoopConnection } from './closed-loop';

/** What Chromium sends, so the app compresses as it does for the SPA. */
const BROWSER_HEADERS = { Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate, br, zstd' };
const REQUEST_TIMEOUT_MS = 30_000;

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One GET; the body is read to the end (compressed as sent). */
export function httpGet(
  agent: http.Agent,
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, host: '127.0.0.1', port, method: 'GET', path, headers: { ...BROWSER_HEADERS, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

/**
 * A loop connection that GETs `path` again and again on its own socket (or, given a function, the path
 * it gives for each request); the outcome is the status.
 */
export function httpConnection(
  port: number,
  path: string | (() => string),
  headers: Record<string, string>,
): LoopConnection {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const nextPath = typeof path === 'string' ? () => path : path;
  return {
    request: async () => String((await httpGet(agent, port, nextPath(), headers)).status),
    close: () => agent.destroy(),
  };
}

/** One request of a writing case: its method, path and JSON body. */
export interface JsonRequest {
  method: 'PUT' | 'POST' | 'PATCH';
  path: string;
  body: unknown;
}

/** One JSON write, as the SPA sends it (same origin); the answer's body is read and dropped. */
function httpSendJson(
  agent: http.Agent,
  port: number,
  request: JsonRequest,
  headers: Record<string, string>,
): Promise<number> {
  const payload = Buffer.from(JSON.stringify(request.body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.path,
        headers: {
          ...BROWSER_HEADERS,
          'Content-Type': 'application/json',
          'Content-Length': payload.length,
          Origin: `http://127.0.0.1:${port}`,
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('error', reject);
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** A loop connection that sends the writes `next` gives, one after another, on its own socket. */
export function httpWriteConnection(
  port: number,
  next: () => JsonRequest,
  headers: Record<string, string>,
): LoopConnection {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    request: async () => String(await httpSendJson(agent, port, next(), headers)),
    close: () => agent.destroy(),
  };
}

/** POSTs JSON (as a same-origin page would) and answers the status and the session cookie set, if any. */
export function httpPostJson(
  port: number,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; cookie: string | undefined }> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': payload.length,
          Origin: `http://127.0.0.1:${port}`,
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const cookie = res.headers['set-cookie']?.[0]?.split(';')[0];
          resolve({ status: res.statusCode ?? 0, cookie });
        });
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}
