import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processIds, startDovecotTestServer, type DovecotTestServer } from './dovecot-test-server';

let imap: DovecotTestServer;

beforeAll(async () => {
  imap = await startDovecotTestServer();
});
afterAll(async () => {
  await imap?.close();
});

const message = (subject: string) =>
  [
    'From: Ada <ada@customer.example>',
    'To: support@example.test',
    `Subject: ${subject}`,
    'Message-ID: <' + subject.replaceAll(' ', '-') + '@customer.example>',
    'Date: Mon, 4 Mar 2024 10:00:00 +0000',
    '',
    'Hello',
    '',
  ].join('\r\n');

const connect = async (pass = imap.password) => {
  const client = new ImapFlow({
    host: imap.host,
    port: imap.port,
    secure: false,
    auth: { user: imap.user, pass },
    logger: false,
    disableAutoIdle: true,
  });
  client.on('error', () => {});
  await client.connect();
  return client;
};

const uidValidity = async () => {
  const client = await connect();
  try {
    return (await client.mailboxOpen('INBOX')).uidValidity;
  } finally {
    await client.logout();
  }
};

/** Resolves true when a TCP connection to the port is accepted. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, imap.host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('the Dovecot test server', () => {
  it('keeps appended messages with UIDs 1 and 2 and no flags', async () => {
    expect(imap.host).toBe('127.0.0.1');
    expect(await imap.append(message('Printer jams'))).toBe(1);
    expect(await imap.append(Buffer.from(message('VPN down')))).toBe(2);
    expect(await imap.list()).toEqual([
      { uid: 1, flags: [] },
      { uid: 2, flags: [] },
    ]);
  });

  it('creates folders once and appends to them with their own UIDs', async () => {
    await imap.createFolder('Processed');
    await imap.createFolder('Processed');
    expect(await imap.append(message('Done'), 'Processed', ['\\Seen'])).toBe(1);
    expect(await imap.list('Processed')).toEqual([{ uid: 1, flags: ['\\Seen'] }]);
  });

  it('refuses a wrong password', async () => {
    await expect(connect('wrong-password')).rejects.toMatchObject({ authenticationFailed: true });
  });

  it('stop() refuses connections; start() brings the same mailbox back on the same port', async () => {
    const before = await uidValidity();
    const port = imap.port;

    await imap.stop();
    expect(await accepts(port)).toBe(false);
    await expect(imap.list()).rejects.toThrow();

    await imap.start();
    expect(imap.port).toBe(port);
    expect(await uidValidity()).toBe(before);
    expect(await imap.list()).toEqual([
      { uid: 1, flags: [] },
      { uid: 2, flags: [] },
    ]);
  });

  it('close() leaves no Dovecot process and no directory behind', async () => {
    const tag = path.basename(imap.directory);
    expect(processIds(tag).length).toBeGreaterThan(0);
    await imap.close();
    // processIds reads /proc like `pgrep -f tag` (procps may be missing on a fresh machine); the tag
    // is in the master's config path and in every child's process name.
    expect(processIds(tag)).toEqual([]);
    expect(fs.existsSync(imap.directory)).toBe(false);
    expect(await accepts(imap.port)).toBe(false);
  });
});
