import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, compressWholeAnswers } from './compress-whole-answers';

/** A list-sized answer, a small one, a large one and a streamed one, behind both compressors as in app.ts. */
const listAnswer = {
  tickets: Array.from({ length: 20 }, (_, i) => ({
    id: i,
    subject: `Printer ${i} jams again`,
    status: 'open',
  })),
  total: 20,
};
const largeAnswer = { rows: Array.from({ length: 40_000 }, (_, i) => ({ id: i, name: `Row ${i}` })) };

let server: http.Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.set('etag', 'strong');
  app.use(compression());
  app.use(compressWholeAnswers());
  app.get('/list', (_req, res) => res.json(listAnswer));
  app.get('/small', (_req, res) => res.json({ ok: true }));
  app.get('/large', (_req, res) => res.json(largeAnswer));
  app.get('/no-transform', (_req, res) => res.set('Cache-Control', 'no-transform').json(listAnswer));
  app.get('/streamed', (_req, res) => {
    res.type('text/csv');
    for (let i = 0; i < 200; i += 1) res.write(`${i},Printer ${i} jams again\n`);
    res.end();
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** How many separate pieces the body arrived in, as the socket delivered it. */
  chunks: number;
}

function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            chunks: chunks.length,
          }),
        );
      })
      .on('error', reject);
  });
}

const decoded = (answer: Answer) => {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body).toString();
  return answer.body.toString();
};

describe('compressing whole answers', () => {
  it('sends a JSON answer to a browser brotli-compressed, with its length, in one piece', async () => {
    const answer = await get('/list', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-length']).toBe(String(answer.body.length));
    expect(answer.headers['transfer-encoding']).toBeUndefined();
    expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    expect(JSON.parse(decoded(answer))).toEqual(listAnswer);
    expect(answer.body.length).toBeLessThan(JSON.stringify(listAnswer).length / 2);
  });

  it('sends gzip to a client that takes only gzip, and the plain text to one that takes neither', async () => {
    const gzipped = await get('/list', { 'Accept-Encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzipped))).toEqual(listAnswer);

    const plain = await get('/list');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(listAnswer);
  });

  it(`leaves an answer under ${COMPRESS_MIN_BYTES} bytes as it is`, async () => {
    const answer = await get('/small', { 'Accept-Encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe('{"ok":true}');
  });

  it('keeps the ETag of the answer, so an unchanged one is still a 304', async () => {
    const first = await get('/list', { 'Accept-Encoding': 'br' });
    const again = await get('/list', { 'Accept-Encoding': 'br', 'If-None-Match': first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('compresses an answer over a megabyte too, off the event loop', async () => {
    const answer = await get('/large', { 'Accept-Encoding': 'gzip' });
    expect(JSON.stringify(largeAnswer).length).toBeGreaterThan(1024 * 1024);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-length']).toBe(String(answer.body.length));
    expect(JSON.parse(decoded(answer))).toEqual(largeAnswer);
  });

  it('honours Cache-Control: no-transform', async () => {
    const answer = await get('/no-transform', { 'Accept-Encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBeUndefined();
  });

  it('leaves a streamed answer (a CSV export) to the compression middleware', async () => {
    const answer = await get('/streamed', { 'Accept-Encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    expect(decoded(answer).split('\n')[199]).toBe('199,Printer 199 jams again');
  });
});
