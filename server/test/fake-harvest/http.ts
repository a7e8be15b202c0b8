/** Reading requests and writing answers for the fake; no Harvest rules live here. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface FakeResponse {
  status: number;
  json?: unknown;
  html?: string;
  headers?: Record<string, string>;
}

export const json = (status: number, body: unknown, headers?: Record<string, string>): FakeResponse => ({
  status,
  json: body,
  headers,
});

/** Harvest's JSON 404 for an id that does not exist (or that this user may not see). */
export const notFoundJson = (): FakeResponse => json(404, { status: 404, error: 'Not Found' });

/** An unknown path gets Harvest's HTML error page rather than JSON. */
export const notFoundHtml = (): FakeResponse => ({
  status: 404,
  html: '<!DOCTYPE html><html><head><title>Page not found</title></head><body><h1>404</h1><p>The page you were looking for doesn’t exist.</p></body></html>',
});

export const validationFailed = (messages: string[]): FakeResponse =>
  json(422, { message: messages.join(', ') });

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function send(res: ServerResponse, response: FakeResponse): void {
  // The client may have given up (a timeout test): there is nobody left to answer.
  if (res.destroyed || res.writableEnded) return;
  let body = '';
  const headers: Record<string, string> = { ...response.headers };
  if (response.json !== undefined) {
    body = JSON.stringify(response.json);
    headers['Content-Type'] = 'application/json; charset=utf-8';
  } else if (response.html !== undefined) {
    body = response.html;
    headers['Content-Type'] = 'text/html; charset=utf-8';
  }
  headers['Content-Length'] = String(Buffer.byteLength(body));
  res.writeHead(response.status, headers);
  res.end(body);
}
