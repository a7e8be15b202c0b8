import type { Server } from 'node:http';
import { createApp, type AppDeps } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { openDatabase } from './db/database';
import { logger } from './lib/logger';
import { readOrCreateSecret } from './lib/secrets';

/** Reads the configuration, opens and migrates the database, and serves the app until a signal. */
export async function startServer(spa: (config: AppConfig) => Promise<AppDeps['spa']>): Promise<void> {
  const startedAt = performance.now();
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const sessionSecret = config.sessionSecret ?? readOrCreateSecret(config.dataDir, 'session-secret');
  const app = createApp({
    config,
    pool: database.pool,
    db: database.db,
    sessionSecret,
    spa: await spa(config),
  });
  const server: Server = app.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  }).catch((error: NodeJS.ErrnoException) => {
    console.error(
      error.code === 'EADDRINUSE'
        ? `Port ${config.port} is already in use. Set PORT to a free port.`
        : `Could not listen: ${error.message}`,
    );
    process.exit(1);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  logger.info(
    `Help desk ready at http://${shownHost}:${port} (${database.mode} database, ${Math.round(performance.now() - startedAt)} ms)`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: finishing open requests, then stopping`);
    server.close();
    server.closeIdleConnections();
    const forceTimer = setTimeout(() => server.closeAllConnections(), 10_000);
    await new Promise((resolve) => server.once('close', resolve));
    clearTimeout(forceTimer);
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
