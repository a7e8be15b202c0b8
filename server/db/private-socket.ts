/**
 * Serves a PGlite database over the PostgreSQL wire protocol on a Unix socket in a folder only this
 * account may enter, never on a TCP port. The socket bridge (pglite-socket) accepts any user name and
 * any password: PGlite has no authentication. On a loopback port every local account could therefore
 * read and change the whole database; in a 0700 folder the operating system refuses them at connect()
 * (EACCES), before a byte of the protocol is exchanged. `pg` (and psql) reach it with `host=<folder>`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** pg and psql look for `<host>/.s.PGSQL.<port>`: here the port only names the socket file. */
const SOCKET_PORT = 5432;
export const SOCKET_NAME = `.s.PGSQL.${SOCKET_PORT}`;

/** A socket's path must fit sockaddr_un's sun_path: 108 bytes on Linux, 104 elsewhere, its NUL included. */
export const MAX_SOCKET_PATH_BYTES = process.platform === 'linux' ? 107 : 103;

export interface PrivateSocketServer {
  /** What the app's pool, the session store, pg-boss and the ops tools connect with. */
  connectionString: string;
  /** The folder holding the socket: `folder` when it fits, else a temporary one of this account's. */
  folder: string;
  stop(): Promise<void>;
}

/** How `pg` reaches a database served from `folder` (also the browser suite, to reach its app's database). */
export function socketConnectionString(folder: string): string {
  return `postgres://postgres@/postgres?host=${encodeURIComponent(folder)}&port=${SOCKET_PORT}&sslmode=disable`;
}

function fits(folder: string): boolean {
  return Buffer.byteLength(path.join(folder, SOCKET_NAME)) <= MAX_SOCKET_PATH_BYTES;
}

/**
 * The folder must keep every other account out: a directory with no group or other permissions. The
 * callers make it so (securePrivateDataDir, mkdtemp); this guards the promise.
 */
function assertPrivate(folder: string): void {
  const stat = fs.statSync(folder);
  if (!stat.isDirectory() || (stat.mode & 0o077) !== 0) {
    throw new Error(
      `Refusing to serve the embedded database in ${folder}: other users of this machine could connect to it`,
    );
  }
}

/** A socket a killed process left in a folder this process now holds (the data folder's lock). */
function removeStaleSocket(socketPath: string): void {
  try {
    if (fs.lstatSync(socketPath).isSocket()) fs.unlinkSync(socketPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * A private temporary folder (mkdtemp makes it 0700) for a database without a folder of its own (in
 * memory) or whose folder's path is too long for a socket. Removed at stop.
 */
function temporaryFolder(tooLong?: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-db-'));
  if (fits(folder)) return folder;
  fs.rmSync(folder, { recursive: true, force: true });
  throw new Error(
    `Cannot serve the embedded database: a socket's path may be at most ${MAX_SOCKET_PATH_BYTES} bytes, ` +
      `and ${tooLong ? `the data folder ${tooLong} and ` : ''}the temporary folder ${os.tmpdir()} are too long. ` +
      'Set DATA_DIR (or TMPDIR) to a shorter path.',
  );
}

/**
 * Serves `db` on `<folder>/.s.PGSQL.5432`. `folder` (the data folder, a snapshot's or a restore's
 * folder inside it) must be private and held by this process; without one, or when its path is too
 * long for a socket, a private temporary folder is used and removed at stop.
 */
export async function servePrivately(
  db: PGlite,
  options: { folder?: string; maxConnections: number },
): Promise<PrivateSocketServer> {
  const ownFolder = !options.folder || !fits(options.folder);
  const folder = ownFolder ? temporaryFolder(options.folder) : options.folder!;
  const socketPath = path.join(folder, SOCKET_NAME);
  try {
    assertPrivate(folder);
    if (!ownFolder) removeStaleSocket(socketPath);
    const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: options.maxConnections });
    await server.start();
    try {
      // Connecting takes write permission on the socket too: the owner's alone, whatever the umask.
      fs.chmodSync(socketPath, 0o600);
    } catch (error) {
      await server.stop();
      throw error;
    }
    return {
      connectionString: socketConnectionString(folder),
      folder,
      async stop() {
        // Closing the server removes its socket file.
        await server.stop();
        if (ownFolder) fs.rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (ownFolder) fs.rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}
