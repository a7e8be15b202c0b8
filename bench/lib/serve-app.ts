/**
 * The benchmarked app, run as a child process by app-process.ts: the real createApp (no SPA) on the
 * configured database, listening on a free loopback port that it reports to the parent.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';

const config = loadConfig();
if (!config.sessionSecret) throw new Error('the benchmark parent passes SESSION_SECRET');
const database = await openDatabase(config);
const app = createApp({ config, pool: database.pool, db: database.db, sessionSecret: config.sessionSecret });
const server = http.createServer(app);
// The load generator keeps its connections open for the whole run.
server.keepAliveTimeout = 60_000;
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
process.send?.({ port: (server.address() as AddressInfo).port });

// The parent going away (normally or not) stops the app.
process.on('disconnect', () => {
  server.close();
  server.closeAllConnections();
  void database.close().then(() => process.exit(0));
});
