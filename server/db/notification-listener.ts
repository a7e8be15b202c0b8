/**
 * PostgreSQL's LISTEN on a connection of its own, kept open: notifications arrive when the transaction
 * that sent them commits, in every process that listens, in the order the transactions committed. A
 * notification sent while the connection is down is lost for good, so the user hears `onLost` and,
 * after reconnecting, `onListening` again, and must assume anything changed in between.
 *
 * Listening is only reported once a probe sent through the pool has come back on the connection: a
 * pooler in transaction mode (PgBouncer) accepts LISTEN but never delivers, and then the user must
 * behave as if nobody listened.
 *
 * And only for a while: every LISTEN_HEARTBEAT_MS the connection sends itself another probe, and the
 * listener counts as listening for LISTEN_LEASE_MS after sending the last one that came back. A probe
 * comes back after every notification committed before it, so whoever sees a listener stay silent
 * about something it committed knows that, LISTEN_LEASE_MS later, that listener either has heard it
 * or no longer counts as listening: a process that stalls or loses the database without noticing
 * stops answering from what it heard (server/middleware/session-cache.ts).
 *
 * Each listener also has a channel and a name of its own (`<channel>_<random>`), its connection's
 * application_name in pg_stat_activity once it hears, so that others can list the listeners that hear
 * and write to one.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { logger } from '../lib/logger';
import { CONNECT_TIMEOUT_MS } from './pool';

/** How long a probe may take to come back before the connection is judged not to work. */
export const LISTEN_PROBE_TIMEOUT_MS = 5_000;
/** How often a listening connection probes itself. */
export const LISTEN_HEARTBEAT_MS = 1_000;
/** How long after sending the last probe that came back the listener still counts as listening. */
export const LISTEN_LEASE_MS = 3_000;
const RECONNECT_FIRST_DELAY_MS = 500;
const RECONNECT_MAX_DELAY_MS = 30_000;
const PROBE = 'p:';

export interface NotificationListener {
  /** This listener's own channel, and its connection's application_name. */
  readonly name: string;
  /**
   * True from `onListening` to `onLost` while the lease holds: every notification committed before
   * a probe sent less than LISTEN_LEASE_MS ago has been delivered.
   */
  readonly listening: boolean;
  /** Sends a notification through the listener's own connection; dropped while it is down. */
  notify(channel: string, payload: string): void;
  stop(): Promise<void>;
}

export interface ListenOptions {
  /** Its connection settings are the listener's; the first probe goes through it. */
  pool: pg.Pool;
  /** A plain identifier (it is written into LISTEN unquoted). */
  channel: string;
  /** A notification on `channel`. */
  onNotification(payload: string): void;
  /** A notification sent to this listener's own channel (its `name`), probes aside. */
  onMessage?(payload: string): void;
  onListening(): void;
  onLost(): void;
}

export function listenForNotifications(options: ListenOptions): NotificationListener {
  const { pool, channel } = options;
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  const name = `${channel}_${crypto.randomBytes(8).toString('hex')}`;
  let client: pg.Client | undefined;
  let heard = false;
  let naming = false;
  /** performance.now() when the last probe that came back was sent. */
  let confirmedSentAt = Number.NEGATIVE_INFINITY;
  /** Probes sent on this connection and not back yet, oldest first: [number, sent at]. */
  let probes: Array<[number, number]> = [];
  let probeCount = 0;
  let stopped = false;
  let retryDelay = RECONNECT_FIRST_DELAY_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const lose = (reason: string) => {
    const wasListening = heard;
    heard = false;
    probes = [];
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

  const nextProbe = (): string => {
    probeCount++;
    probes.push([probeCount, performance.now()]);
    return `${PROBE}${probeCount}`;
  };

  const probeCameBack = (connection: pg.Client, payload: string) => {
    const number = Number(payload.slice(PROBE.length));
    while (probes.length > 0 && probes[0]![0] <= number) {
      const [sent, sentAt] = probes.shift()!;
      if (sent === number) confirmedSentAt = sentAt;
    }
    if (heard || naming) return;
    // Named only once it hears: whoever lists the listeners may wait for each of them (behind a
    // pooler that never delivers, no listener would ever answer).
    naming = true;
    connection
      .query(`SET application_name = '${name}'`)
      .then(() => {
        if (client !== connection) return;
        heard = true;
        retryDelay = RECONNECT_FIRST_DELAY_MS;
        options.onListening();
      })
      .catch(() => undefined)
      .finally(() => (naming = false));
  };

  const connect = async () => {
    const connection = new pg.Client({ ...pool.options, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    client = connection;
    let heartbeat: NodeJS.Timeout | undefined;
    connection.on('notification', (message) => {
      if (client !== connection || message.payload === undefined) return;
      if (message.channel === channel) options.onNotification(message.payload);
      else if (message.channel !== name) return;
      else if (message.payload.startsWith(PROBE)) probeCameBack(connection, message.payload);
      else options.onMessage?.(message.payload);
    });
    const dropped = (reason: string) => {
      clearInterval(heartbeat);
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
      await connection.query(`LISTEN ${channel}; LISTEN ${name}`);
      heartbeat = setInterval(() => {
        const oldest = probes[0];
        if (oldest && performance.now() - oldest[1] > LISTEN_PROBE_TIMEOUT_MS) {
          if (!heard)
            logger.warn(`notifications on ${channel} do not arrive (a pooler in transaction mode?)`);
          dropped('probe timed out');
        } else if (heard) {
          connection.query('SELECT pg_notify($1, $2)', [name, nextProbe()]).catch(() => undefined);
        }
      }, LISTEN_HEARTBEAT_MS).unref();
      await pool.query('SELECT pg_notify($1, $2)', [name, nextProbe()]);
    } catch (error) {
      dropped(error instanceof Error ? error.message : String(error));
    }
  };

  void connect();

  return {
    name,
    get listening() {
      return heard && performance.now() - confirmedSentAt <= LISTEN_LEASE_MS;
    },
    notify(to, payload) {
      client?.query('SELECT pg_notify($1, $2)', [to, payload]).catch(() => undefined);
    },
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      const connection = client;
      client = undefined;
      heard = false;
      await connection?.end().catch(() => undefined);
    },
  };
}
