/**
 * The benchmarked app, run as a child process by app-process.ts: the real createApp on the configured
 * database (without the SPA, unless BENCH_SPA_DIR names a built client to serve, as production does), listening on a free loopback port that it reports to the parent. With
 * APP_PROCESSES above one it runs as production does (server/cluster.ts): this process forks that many
 * workers that share the port, and reports the port once every worker listens.
 */
import cluster from 'node:cluster';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../server/app';
import { processCount } from '../../server/cluster';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { sessionCacheFor } from '../../server/middleware/session-cache';

const config = loadConfig();
if (!config.sessionSecret) throw new Error('the benchmark parent passes SESSION_SECRET');
const processes = processCount(config);

if (cluster.isPrimary && processes > 1) {
  const ports: number[] = [];
  for (let i = 0; i < processes; i++) {
    cluster.fork().on('message', (message: { port: number }) => {
      ports.push(message.port);
      if (ports.length === processes) process.send?.({ port: ports[0], pids: workerPids() });
    });
  }
  cluster.on('exit', (worker, code) => {
    if (!stopping) console.error(`bench app worker ${worker.process.pid} exited with ${code}`);
  });
  let stopping = false;
  process.on('disconnect', () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.disconnect();
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  });
} else {
  const database = await openDatabase(config);
  const app = createApp({
    config,
    pool: database.pool,
    db: database.db,
    sessionSecret: config.sessionSecret,
    // As server.ts runs it.
    sessionCache: sessionCacheFor(database),
    // The browser benchmark (bench/first-screen.ts) serves a built client, possibly another commit's.
    spa: process.env.BENCH_SPA_DIR ? { staticDir: process.env.BENCH_SPA_DIR } : undefined,
  });
  const server = http.createServer(app);
  // The load generator keeps its connections open for the whole run.
  server.keepAliveTimeout = 60_000;
  // Workers of a cluster share the port the primary picked for the first listen(0).
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.send?.({ port: (server.address() as AddressInfo).port, pids: [process.pid] });

  // The parent (or the primary) going away, normally or not, stops the app.
  process.on('disconnect', () => {
    server.close();
    server.closeAllConnections();
    void database.close().then(() => process.exit(0));
  });
}

function workerPids(): number[] {
  return Object.values(cluster.workers ?? {}).flatMap((worker) =>
    worker?.process.pid ? [worker.process.pid] : [],
  );
}
