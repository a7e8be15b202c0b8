/**
 * The small parts of backups and exports that need no database: the file format's lines and header,
 * table order, names, the running app's channel seen from the command line, and the commands'
 * argument errors.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test/ops/cli-process';
import { configuredSource } from '../data-source';
import { CHANNEL_FILE } from '../embedded/backup-channel';
import { safeFileName } from '../export/export-files';
import { silentProgress } from '../progress';
import { backupName } from './backup';
import { backupFileKind, DumpFormatError, parseHeaderLine } from './dump-format';
import { lines } from './lines';
import { splitPassword } from './pg-tools';
import { listBackups } from './scheduled-backup.job';
import { dependencyOrder } from './tables';

let scratch: string;
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-backup-parts-'));
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const collect = async (chunks: Buffer[]) => {
  const out: string[] = [];
  for await (const line of lines(Readable.from(chunks))) out.push(line);
  return out;
};

describe('the backup file', () => {
  it('when lines are split, then only LF ends one: CR, U+2028 and multi-byte characters cut across chunks stay in their line', async () => {
    const text = Buffer.from('{"a":"x\ry\u2028z"}\n{"b":"äöü€"}\n["end",{}]');
    const chunks = [text.subarray(0, 3), text.subarray(3, 22), text.subarray(22, 23), text.subarray(23)];
    expect(await collect(chunks)).toEqual(['{"a":"x\ry\u2028z"}', '{"b":"äöü€"}', '["end",{}]']);
  });

  it("when a file starts with PGDMP or the gzip magic, then it is a pg_dump archive or the app's own format", () => {
    expect(backupFileKind(Buffer.from('PGDMP\x01\x0e\x00'))).toBe('pg_dump');
    expect(backupFileKind(Buffer.from([0x1f, 0x8b, 8, 0]))).toBe('helpdesk');
    expect(backupFileKind(Buffer.from('-- SQL'))).toBe('unknown');
  });

  it('when the header is from a newer format version or not a backup, then reading it says so', () => {
    expect(() => parseHeaderLine('["helpdesk-backup",2,{}]')).toThrow(
      /format version 2, newer than this app reads/,
    );
    expect(() => parseHeaderLine('{"id":1}')).toThrow(DumpFormatError);
    expect(() => parseHeaderLine('not json')).toThrow(/not JSON/);
  });

  it('when tables reference one another, then each comes after the tables it references, alphabetical otherwise', () => {
    const table = (name: string) => ({ name, columns: [], hasBinary: false });
    const order = dependencyOrder(
      ['time_entries', 'users', 'tickets', 'settings', 'ticket_messages'].map(table),
      [
        { table: 'tickets', references: 'users' },
        { table: 'time_entries', references: 'tickets' },
        { table: 'time_entries', references: 'users' },
        { table: 'ticket_messages', references: 'tickets' },
      ],
    );
    expect(order.map((t) => t.name)).toEqual([
      'settings',
      'users',
      'tickets',
      'ticket_messages',
      'time_entries',
    ]);
  });

  it('when a backup is named by time, then the schedule reads the time back and orders by it', () => {
    const name = backupName('helpdesk', new Date('2026-11-25T09:01:18.456Z'));
    expect(name).toBe('helpdesk-backup-2026-11-25T09-01-18Z.jsonl.gz');
    const dir = path.join(scratch, 'names');
    fs.mkdirSync(dir);
    for (const file of [
      name,
      backupName('pg_dump', new Date('2026-11-26T00:00:00Z')),
      'helpdesk-backup-x.jsonl.gz',
    ])
      fs.writeFileSync(path.join(dir, file), '');
    expect(listBackups(dir).map((backup) => [path.basename(backup.file), backup.at.toISOString()])).toEqual([
      ['helpdesk-backup-2026-11-26T00-00-00Z.pgdump', '2026-11-26T00:00:00.000Z'],
      ['helpdesk-backup-2026-11-25T09-01-18Z.jsonl.gz', '2026-11-25T09:01:18.000Z'],
    ]);
  });

  it('when pg_dump is given the connection, then the password is not in its arguments', () => {
    expect(splitPassword('postgres://app:s%40cret@db.example.com:5432/helpdesk?sslmode=require')).toEqual({
      url: 'postgres://app@db.example.com:5432/helpdesk?sslmode=require',
      password: 's@cret',
    });
  });

  it('when a file name is exported, then only safe characters remain', () => {
    expect(safeFileName('../../etc/passwd')).toBe('etc_passwd');
    expect(safeFileName('Störung (1).png')).toBe('Sto_rung_1_.png');
    expect(safeFileName('...')).toBe('file');
  });
});

describe('the running app, seen from the command line', () => {
  /** A data folder with a database that a live process (this test's parent) holds, as a running app would. */
  function heldDataDir(name: string): string {
    const dataDir = path.join(scratch, name);
    fs.mkdirSync(path.join(dataDir, 'pgdata'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'helpdesk.lock'), String(process.ppid));
    return dataDir;
  }

  it('when the app offers no backup channel, then the backup says so and what to do', async () => {
    const dataDir = heldDataDir('no-channel');
    await expect(configuredSource({ databaseUrl: undefined, dataDir }).open(silentProgress)).rejects.toThrow(
      `The app is running (pid ${process.ppid}) and holds the embedded database in ${dataDir}, but it offers no backup channel`,
    );
  });

  it('when the app cannot be reached on its channel, then the backup says the app is running and cannot be reached', async () => {
    const dataDir = heldDataDir('closed-channel');
    // A port that was free a moment ago: nothing answers there.
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    fs.writeFileSync(
      path.join(dataDir, CHANNEL_FILE),
      JSON.stringify({ pid: process.ppid, port, token: 'x' }),
    );
    await expect(configuredSource({ databaseUrl: undefined, dataDir }).open(silentProgress)).rejects.toThrow(
      `The app is running (pid ${process.ppid}) and cannot be reached on its backup channel (127.0.0.1:${port}): ECONNREFUSED`,
    );
  });
});

describe('the commands', () => {
  it(
    'when the arguments are wrong, then the command prints what is wrong with the usage and exits 2',
    { timeout: 30_000 },
    async () => {
      const target = { dataDir: path.join(scratch, 'cli') };
      const [restore, backup, exported] = await Promise.all([
        runCli('restore', [], target),
        runCli('backup', ['--format', 'tar'], target),
        runCli('export', [], target),
      ]);
      expect([restore.code, backup.code, exported.code]).toEqual([2, 2, 2]);
      expect(restore.stderr).toContain('Name one backup file to restore');
      expect(restore.stderr).toContain('Usage: npm run restore -- FILE [--force]');
      expect(backup.stderr).toContain('--format must be one of auto, pg_dump, helpdesk');
      expect(exported.stderr).toContain('Name the folder to export into with --out DIR');
    },
  );

  it(
    'when there is nothing to back up, then the backup says so and exits 1',
    { timeout: 30_000 },
    async () => {
      const run = await runCli('backup', [], { dataDir: path.join(scratch, 'empty') });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('There is no embedded database in');
      expect(run.stderr).not.toContain('    at ');
    },
  );
});
