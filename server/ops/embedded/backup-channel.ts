/**
 * How `npm run backup` and `npm run export` reach the embedded database while the app runs. The app
 * holds the data folder (its lock: only one process may open a PGlite database), so another process
 * cannot read it; instead the app hands out a consistent snapshot of it on request.
 *
 * The channel is a small HTTP server of its own on 127.0.0.1 and a random port (never the app's port,
 * which may face the network or a proxy), answering one request, `GET /snapshot`, with the tar of the
 * data folder. It asks for a bearer token that the app writes, with the port and its pid, into
 * DATA_DIR/backup-channel.json, mode 0600 inside the 0700 data folder: whoever can read that file is
 * the account that owns the data anyway, and nobody else gets in, local users included.
 *
 * Taking the snapshot pauses the database for as long as copying its files takes (PGlite runs one
 * statement at a time; under a second for 200 MB here); requests wait meanwhile, they do not fail.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { logger } from '../../lib/logger';

export const CHANNEL_FILE = 'backup-channel.json';

export interface ChannelInfo {
  pid: number;
  port: number;
  token: string;
}

export interface BackupChannel {
  stop(): Promise<void>;
}

function sameToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** Serves snapshots of the embedded database until stop(); `snapshot` is PGlite's dumpDataDir. */
export async function startBackupChannel(options: {
  dataDir: string;
  snapshot: () => Promise<Blob>;
}): Promise<BackupChannel> {
  const token = crypto.randomBytes(32).toString('base64url');
  let busy = false;
  const server = http.createServer((req, res) => {
    if (!sameToken(req.headers.authorization, token)) {
      res.writeHead(401).end();
      return;
    }
    if (req.method !== 'GET' || req.url !== '/snapshot') {
      res.writeHead(404).end();
      return;
    }
    // One at a time: each snapshot holds the whole database in memory until it is sent.
    if (busy) {
      res
        .writeHead(409, { 'Content-Type': 'text/plain' })
        .end('A snapshot is being taken already; try again shortly');
      return;
    }
    busy = true;
    const started = performance.now();
    options
      .snapshot()
      .then(async (blob) => {
        logger.info('Snapshot of the embedded database taken for a backup or export', {
          bytes: blob.size,
          ms: Math.round(performance.now() - started),
        });
        res.writeHead(200, { 'Content-Type': 'application/x-tar', 'Content-Length': blob.size });
        await pipeline(Readable.fromWeb(blob.stream() as import('node:stream/web').ReadableStream), res);
      })
      .catch((error: unknown) => {
        logger.error('Could not send a snapshot of the embedded database', {
          error: error instanceof Error ? error.message : String(error),
        });
        if (!res.headersSent)
          res.writeHead(500, { 'Content-Type': 'text/plain' }).end('The snapshot failed; see the app log');
        else res.destroy();
      })
      .finally(() => {
        busy = false;
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // The channel must never keep a stopping process alive.
  server.unref();
  const address = server.address();
  const info: ChannelInfo = {
    pid: process.pid,
    port: typeof address === 'object' && address ? address.port : 0,
    token,
  };
  const file = path.join(options.dataDir, CHANNEL_FILE);
  const temporary = `${file}.${process.pid}`;
  fs.writeFileSync(temporary, JSON.stringify(info), { mode: 0o600 });
  fs.renameSync(temporary, file);
  return {
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      try {
        const current = JSON.parse(fs.readFileSync(file, 'utf8')) as ChannelInfo;
        if (current.pid === process.pid) fs.unlinkSync(file);
      } catch {
        // Already gone.
      }
    },
  };
}
