/**
 * The CLI's side of the backup channel (backup-channel.ts): asks the running app for a snapshot of
 * its embedded database. Every way this can fail says what is going on and what to do, since the
 * person running it sees only this message.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CHANNEL_FILE, type ChannelInfo } from './backup-channel';

/** How long the app may take to start answering (the snapshot itself comes first). */
const ANSWER_TIMEOUT_MS = 120_000;

export class AppUnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AppUnreachableError';
  }
}

function readChannel(dataDir: string, appPid: number | undefined): ChannelInfo {
  const file = path.join(dataDir, CHANNEL_FILE);
  const running = `The app is running${appPid ? ` (pid ${appPid})` : ''} and holds the embedded database in ${dataDir}`;
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM') {
      throw new AppUnreachableError(
        `${running}, and ${file} cannot be read by this account: run this as the account that runs the app (the owner of ${dataDir}).`,
      );
    }
    throw new AppUnreachableError(
      `${running}, but it offers no backup channel (${file} is missing): it may still be starting, be an older version, ` +
        'or be another backup, export or restore using the folder. Wait and try again, or stop the app: with the app ' +
        'stopped this reads the data folder directly.',
    );
  }
  const info = JSON.parse(text) as ChannelInfo;
  if (appPid !== undefined && info.pid !== appPid) {
    throw new AppUnreachableError(
      `${running}, but ${file} belongs to another process (pid ${info.pid}): the app may still be starting. Try again in a moment.`,
    );
  }
  return info;
}

/**
 * Downloads the running app's snapshot of its database (a tar of its data folder) into a private file
 * in the data folder and returns its path; the caller deletes it. On disk rather than in memory: it is
 * as large as the data folder. `appPid` is the pid in the data folder's lock, when known.
 */
export async function downloadSnapshot(dataDir: string, appPid: number | undefined): Promise<string> {
  const channel = readChannel(dataDir, appPid);
  const unreachable = (reason: string) =>
    new AppUnreachableError(
      `The app is running (pid ${channel.pid}) and cannot be reached on its backup channel (127.0.0.1:${channel.port}): ${reason}. ` +
        'Check that it is healthy, or stop it: with the app stopped this reads the data folder directly.',
    );
  // Named like the copies of snapshot-database.ts, so one a killed process left is removed the same way.
  const file = path.join(dataDir, `.snapshot-${process.pid}-${crypto.randomBytes(6).toString('hex')}.tar`);
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port: channel.port,
        path: '/snapshot',
        headers: { Authorization: `Bearer ${channel.token}` },
        timeout: ANSWER_TIMEOUT_MS,
      },
      resolve,
    );
    req.on('timeout', () => req.destroy(new Error('no answer in time')));
    req.on('error', (error: NodeJS.ErrnoException) => reject(unreachable(error.code ?? error.message)));
  });
  if (res.statusCode !== 200) {
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8').slice(0, 200);
    throw res.statusCode === 401
      ? unreachable(`it refused the token in ${CHANNEL_FILE} (the file belongs to an earlier run?)`)
      : unreachable(`it answered ${res.statusCode} ${body}`);
  }
  try {
    await pipeline(res, fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    const expected = Number(res.headers['content-length']);
    const received = fs.statSync(file).size;
    if (Number.isFinite(expected) && received !== expected) {
      throw unreachable(`the snapshot broke off after ${received} of ${expected} bytes`);
    }
    return file;
  } catch (error) {
    fs.rmSync(file, { force: true });
    if (error instanceof AppUnreachableError) throw error;
    throw unreachable(`the answer broke off (${(error as Error).message})`);
  }
}
