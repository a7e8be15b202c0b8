import net from 'node:net';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from './http-server';
import { createTestApp, newUserInput, type TestApp } from './test/test-app';

// Short timeouts so the slow clients below are cut within seconds (defaults: 20 s, 60 s, 65 s).
const HEADERS_TIMEOUT_S = 1;
const REQUEST_TIMEOUT_S = 2;
const KEEP_ALIVE_TIMEOUT_S = 3;

let t: TestApp;
let server: Server;
let port: number;

beforeAll(async () => {
  t = await createTestApp({
    HTTP_HEADERS_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_S),
    HTTP_REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_S),
    HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: String(KEEP_ALIVE_TIMEOUT_S),
  });
  server = createHttpServer(t.app, t.config.http).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw connection that records what the server sends and when it closes the connection. */
async function connect() {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const opened = performance.now();
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => resolve(performance.now() - opened)),
  );
  return { socket, closed, received: () => received };
}

/** Writes `text` one byte every `everyMs` until the server closes the connection. */
async function drip(socket: net.Socket, text: string, everyMs: number) {
  for (const byte of text) {
    if (socket.destroyed || socket.writableEnded) return;
    socket.write(byte);
    await sleep(everyMs);
  }
}

const registerBody = JSON.stringify(newUserInput());
const registerHead = (length: number) =>
  `POST /api/register HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
  `Content-Length: ${length}\r\n\r\n`;

describe('slow clients', () => {
  it('when a body is dripped one byte at a time, then 408 once the request timeout has passed, not minutes later', async () => {
    const connection = await connect();
    connection.socket.write(registerHead(registerBody.length));
    void drip(connection.socket, registerBody, 200);
    const closedAfterMs = await connection.closed;
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
    // Cut between the timeout and the timeout plus one check interval (and some scheduling slack).
    expect(closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_S * 1000 - 50);
    expect(closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_S * 1000 + 2_500);
  });

  it('when header fields are dripped, then 408 once the header timeout has passed', async () => {
    const connection = await connect();
    void drip(connection.socket, registerHead(registerBody.length), 200);
    const closedAfterMs = await connection.closed;
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeLessThan(HEADERS_TIMEOUT_S * 1000 + 2_500);
  });

  it('when a keep-alive connection idles longer than the header timeout but within the keep-alive timeout, then its next request is served', async () => {
    const connection = await connect();
    const get = `GET /api/auth/user HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;
    connection.socket.write(get);
    await sleep(HEADERS_TIMEOUT_S * 1000 + 1_000);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 401 /);
    expect(connection.received()).toMatch(new RegExp(`Keep-Alive: timeout=${KEEP_ALIVE_TIMEOUT_S}`, 'i'));
    connection.socket.write(get);
    await sleep(300);
    expect(connection.received().match(/HTTP\/1\.1 401 /g)).toHaveLength(2);
    connection.socket.destroy();
  });

  it('when a keep-alive connection idles past the keep-alive timeout, then the server closes it', async () => {
    const connection = await connect();
    connection.socket.write(`GET /api/auth/user HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    const closedAfterMs = await connection.closed;
    expect(closedAfterMs).toBeGreaterThanOrEqual(KEEP_ALIVE_TIMEOUT_S * 1000 - 50);
    expect(closedAfterMs).toBeLessThan(KEEP_ALIVE_TIMEOUT_S * 1000 + 2_500);
  });
});

describe('the defaults', () => {
  it('are 20 s for header fields, 60 s for a request and 65 s of keep-alive (longer than a proxy idle timeout of 60 s)', async () => {
    const { loadConfig } = await import('./config');
    expect(loadConfig({}).http).toEqual({
      headersTimeoutMs: 20_000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 65_000,
    });
  });
});
