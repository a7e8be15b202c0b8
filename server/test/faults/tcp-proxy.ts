/**
 * A TCP proxy for fault tests: the app connects to it instead of its real peer (PostgreSQL, Harvest),
 * and the test makes that peer fail the way a restarting or unreachable server does, without touching
 * the real one, which other tests share.
 *
 * - `down()`: every proxied connection is reset, as a crashed server's are, and the port stops
 *   listening, so new connections are refused (ECONNREFUSED), as while a server is stopped.
 * - `up()`: the same port listens again.
 * - `setMode('starting-up')`: new connections are answered with PostgreSQL's FATAL 57P03 "the
 *   database system is starting up" and closed, as while a restarted server replays its WAL.
 * - `setMode('unresponsive')`: new connections are accepted and never answered, as when the server's
 *   host is gone (the client's connect timeout is all that ends them).
 */
import net from 'node:net';

export type ProxyMode = 'forward' | 'starting-up' | 'unresponsive';

export interface TcpProxy {
  readonly port: number;
  /** Connections accepted since the proxy started. */
  readonly accepted: number;
  /** Resets every open connection (both sides), whatever the mode. */
  resetConnections(): void;
  /** Resets every connection and stops listening: new connections are refused. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  /** How new connections are treated from now on; open ones keep going. */
  setMode(mode: ProxyMode): void;
  close(): Promise<void>;
}

/** PostgreSQL's ErrorResponse message: 'E', its length, then typed NUL-terminated fields and a NUL. */
function postgresFatal(code: string, message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`, 'utf8');
  const header = Buffer.alloc(5);
  header.write('E', 0, 'ascii');
  header.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([header, fields]);
}

const STARTING_UP = postgresFatal('57P03', 'the database system is starting up');

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  let mode: ProxyMode = 'forward';

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A reset peer is the point of these tests, not a failure of the proxy.
    socket.on('error', () => undefined);
  };

  const server = net.createServer((client) => {
    accepted++;
    track(client);
    if (mode === 'unresponsive') return;
    if (mode === 'starting-up') {
      // PostgreSQL reads the startup packet before it answers.
      client.once('data', () => client.end(STARTING_UP));
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });

  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  let listening = true;

  const resetConnections = () => {
    for (const socket of sockets) socket.resetAndDestroy();
    sockets.clear();
  };

  const down = () =>
    new Promise<void>((resolve) => {
      if (!listening) return resolve();
      listening = false;
      server.close(() => resolve());
      // close() waits for the open connections: resetting them lets it finish at once.
      resetConnections();
    });

  return {
    port,
    get accepted() {
      return accepted;
    },
    resetConnections,
    down,
    async up() {
      if (listening) return;
      await listen(port);
      listening = true;
    },
    setMode(next) {
      mode = next;
    },
    close: down,
  };
}
