/**
 * PostgreSQL's LISTEN on a connection of its own, kept open: notifications arrive when the transaction
 * that sent them commits, in every process that listens. A notification sent while the connection is
 * down is lost for good, so the user hears `onLost` and, after reconnecting, `onListening` again, and
 * must assume anything changed in between.
 *
 * Listening is only reported once a probe sent through the pool has come back on the connection: a
 * pooler in transaction mode (PgBouncer) accepts LISTEN but never delivers, and then the user must
 * behave as if nobody listened.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { logger } from '../lib/logger';
import { CONNECT_TIMEOUT_MS } from './pool';

/** How long the probe may take to come back before listening is judged not to work. */
export const LISTEN_PROBE_TIMEOUT_MS = 5_000;
const RECONNECT_FIRST_DELAY_MS = 500;
const RECONNECT_MAX_DELAY_MS = 30_000;

export interface NotificationListener {
  /** True between `onListening` and `onLost`: every notification since then has been delivered. */
  readonly listening: boolean;
  stop(): Promise<void>;
}

export interface ListenOptions {
  /** Its connection settings are the listener's; the probe goes through it. */
  pool: pg.Pool;
  /** A plain identifier (it is written into LISTEN unquoted). */
  channel: string;
  onNotification(payload: string): void;
  onListening(): void;
  onLost(): void;
}

export function listenForNotifications(options: ListenOptions): NotificationListener {
  const { pool, channel } = options;
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  let client: pg.Client | undefined;
  let listening = false;
  let stopped = false;
  let retryDelay = RECONNECT_FIRST_DELAY_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let probeTimer: NodeJS.Timeout | undefined;

  const lose = (reason: string) => {
    clearTimeout(probeTimer);
    const wasListening = listening;
    listening = false;
    options.onLost();
    if (wasListening) logger.warn(`stopped listening for ${channel}`, { reason });
  };

  const retryLater = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryDelay);
    retryDelay = Math.min(retryDelay * 2, RECONNECT_MAX_DELAY_MS);
  };

  const connect = async () => {
    const connection = new pg.Client({ ...pool.options, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    client = connection;
    const probe = `probe:${crypto.randomUUID()}`;
    connection.on('notification', (message) => {
      if (message.channel !== channel || message.payload === undefined) return;
      if (message.payload === probe) {
        clearTimeout(probeTimer);
        listening = true;
        retryDelay = RECONNECT_FIRST_DELAY_MS;
        options.onListening();
        return;
      }
      options.onNotification(message.payload);
    });
    const dropped = (reason: string) => {
      if (client !== connection) return;
      client = undefined;
      lose(reason);
      connection.end().catch(() => undefined);
      retryLater();
    };
    connection.on('error', (error) => dropped(error.message));
    connection.on('end', () => dropped('connection closed'));
    try {
      await connection.connect();
      await connection.query(`LISTEN ${channel}`);
      probeTimer = setTimeout(() => {
        logger.warn(`notifications on ${channel} do not arrive (a pooler in transaction mode?)`);
        dropped('probe timed out');
      }, LISTEN_PROBE_TIMEOUT_MS);
      await pool.query('SELECT pg_notify($1, $2)', [channel, probe]);
    } catch (error) {
      dropped(error instanceof Error ? error.message : String(error));
    }
  };

  void connect();

  return {
    get listening() {
      return listening;
    },
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      clearTimeout(probeTimer);
      const connection = client;
      client = undefined;
      listening = false;
      await connection?.end().catch(() => undefined);
    },
  };
}
