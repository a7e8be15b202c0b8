/**
 * A bare HTTP client for the sweeps: it sends the path, query string, headers and body bytes exactly
 * as given (malformed percent-encoding, duplicate JSON keys, a lying Content-Type), which supertest
 * and fetch would tidy up or refuse.
 */
import http from 'node:http';

export interface RawRequest {
  method: string;
  /** Path and query string as they go on the request line, already encoded (or deliberately not). */
  target: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The parsed body when it is JSON, else undefined. */
  json: unknown;
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 4 });

export function sendRaw(baseUrl: string, req: RawRequest): Promise<RawResponse> {
  const url = new URL(baseUrl);
  const body = req.body === undefined ? undefined : Buffer.from(req.body);
  const headers: Record<string, string> = { ...req.headers };
  if (body) headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.target,
        headers,
        agent: keepAlive,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          if (/json/.test(res.headers['content-type'] ?? '')) {
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** `key=value&…` with both sides percent-encoded. */
export const queryString = (query: Record<string, string> | undefined) =>
  query
    ? Object.entries(query)
        .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
        .join('&')
    : '';
