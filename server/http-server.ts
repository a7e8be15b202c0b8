import http, { type Server } from 'node:http';
import type { Express } from 'express';
import type { AppConfig } from './config';

/**
 * How often Node checks open connections against the header and request timeouts. Its default (30 s)
 * let a request dripped one byte at a time live 30 s past its timeout; one second costs a walk over
 * the open connections.
 */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * The app's HTTP server with timeouts that a slow client cannot stretch: its header fields must
 * arrive within `headersTimeoutMs` and the whole request within `requestTimeoutMs` (408 otherwise),
 * and an idle keep-alive connection is closed after `keepAliveTimeoutMs`, which should be longer than
 * the idle timeout of a proxy in front (60 s for nginx's upstream keep-alive and most load balancers)
 * so the proxy never reuses a connection the app is closing.
 */
export function createHttpServer(app: Express, timeouts: AppConfig['http']): Server {
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    app,
  );
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  return server;
}
