import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { attackAsAnotherAccount, canActAsAnotherAccount } from '../test/security/another-account';
import { DataDirPermissionError } from './data-dir';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';
import { openDatabase } from './database';
import { MAX_SOCKET_PATH_BYTES, SOCKET_NAME } from './private-socket';

// These tests always use the embedded database, whatever the suite's DATABASE_URL, so the
// zero-setup mode stays covered in CI.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-embedded-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), databaseUrl: undefined };

describe('the embedded database', () => {
  it('when reopened, then it still holds what was written, with the schema migrated once', async () => {
    const first = await openDatabase(config);
    await first.pool.query(`INSERT INTO settings (key, value) VALUES ('persisted', '{"ok":true}')`);
    await first.close();

    const second = await openDatabase(config);
    const { rows } = await second.pool.query(`SELECT value FROM settings WHERE key = 'persisted'`);
    expect(rows[0].value).toEqual({ ok: true });
    const trgm = await second.pool.query(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`);
    expect(trgm.rowCount).toBe(1);
    await second.close();
  });

  it('when another live process holds the data folder, then opening it fails with a clear message', async () => {
    // The test runner's parent process stands in for another running app: it is alive meanwhile.
    const lockFile = path.join(dataDir, 'helpdesk.lock');
    fs.writeFileSync(lockFile, String(process.ppid));
    try {
      expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dataDir)).toThrow(/already in use by another help desk process/);
    } finally {
      fs.rmSync(lockFile, { force: true });
    }
  });

  it('when the lock was left by a process that died, then it is taken over', () => {
    const lockFile = path.join(dataDir, 'helpdesk.lock');
    fs.writeFileSync(lockFile, '999999999');
    const release = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it(
    'when a killed process left its socket behind, then the next start serves anyway',
    { timeout: 120_000 },
    async () => {
      const ownDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-killed-'));
      const socket = path.join(ownDir, SOCKET_NAME);
      try {
        const killed = spawnSync(process.execPath, [
          '-e',
          `require('node:net').createServer().listen(${JSON.stringify(socket)}, () => process.kill(process.pid, 'SIGKILL'))`,
        ]);
        expect(killed.signal).toBe('SIGKILL');
        expect(fs.statSync(socket).isSocket()).toBe(true);
        const database = await openDatabase({ ...config, dataDir: ownDir });
        try {
          expect((await database.pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
        } finally {
          await database.close();
        }
        expect(fs.existsSync(socket)).toBe(false);
      } finally {
        fs.rmSync(ownDir, { recursive: true, force: true });
      }
    },
  );
});

/** Every file and folder under `dir` (itself included) that its group or other users may use. */
function openToOthers(dir: string): { total: number; open: string[] } {
  const open: string[] = [];
  let total = 0;
  const walk = (file: string) => {
    const stat = fs.lstatSync(file);
    total += 1;
    if (stat.mode & 0o077) open.push(`${(stat.mode & 0o777).toString(8)} ${path.relative(dir, file)}`);
    if (stat.isDirectory()) for (const child of fs.readdirSync(file)) walk(path.join(file, child));
  };
  walk(dir);
  return { total, open };
}

describe('the data folder is its owner’s alone', () => {
  const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-private-'));
  afterAll(() => fs.rmSync(privateDir, { recursive: true, force: true }));
  const dataDir = path.join(privateDir, 'data');
  const privateConfig = { ...config, dataDir };

  it('when the embedded database is created and used, then no file or folder in it is open to other users', async () => {
    const database = await openDatabase(privateConfig);
    try {
      await database.pool.query(`INSERT INTO settings (key, value) VALUES ('private', '{"ok":true}')`);
      await database.pool.query('CHECKPOINT');
      // While it runs too: what PGlite writes now is created 0600 / 0700.
      const running = openToOthers(dataDir);
      expect(running.total).toBeGreaterThan(500);
      expect(running.open).toEqual([]);
    } finally {
      await database.close();
    }
    const stopped = openToOthers(dataDir);
    expect(stopped.open).toEqual([]);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
  });

  it('when an existing folder is open to others (0755, files 0666), then the start tightens it and what the app keeps in it', async () => {
    const walFolder = path.join(dataDir, 'pgdata', 'pg_wal');
    const walFile = path.join(
      walFolder,
      fs.readdirSync(walFolder).find((name) => /^[0-9A-F]{24}$/.test(name))!,
    );
    const versionFile = path.join(dataDir, 'pgdata', 'PG_VERSION');
    const someoneElses = path.join(dataDir, 'notes.txt');
    fs.writeFileSync(someoneElses, 'not the app’s', { mode: 0o644 });
    fs.chmodSync(someoneElses, 0o644);
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(walFolder, 0o755);
    for (const file of [walFile, versionFile]) fs.chmodSync(file, 0o666);

    const database = await openDatabase(privateConfig);
    await database.close();
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(walFolder).mode & 0o777).toBe(0o700);
    expect(fs.statSync(walFile).mode & 0o777).toBe(0o600);
    expect(fs.statSync(versionFile).mode & 0o777).toBe(0o600);
    // Only what the app keeps there is touched; the folder itself already keeps others out of it.
    expect(openToOthers(dataDir).open).toEqual(['644 notes.txt']);
    fs.rmSync(someoneElses);
  });

  it('when the folder cannot be made private (another user owns it), then the start is refused with a clear message', async () => {
    fs.chmodSync(dataDir, 0o755);
    const chmod = vi.spyOn(fs, 'chmodSync').mockImplementation(() => {
      throw Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' });
    });
    try {
      const opening = openDatabase(privateConfig);
      await expect(opening).rejects.toThrow(DataDirPermissionError);
      await expect(opening).rejects.toThrow(
        `The data folder ${dataDir} can be read by other users of this machine`,
      );
      await expect(opening).rejects.toThrow(`chmod -R go-rwx ${dataDir}`);
    } finally {
      chmod.mockRestore();
    }
    // Refused before the lock was taken: once fixed, the folder opens.
    fs.chmodSync(dataDir, 0o700);
    const database = await openDatabase(privateConfig);
    await database.close();
  });
});

/** The folder the pool's connection string names for the database's socket (`host=`). */
function socketFolderOf(pool: pg.Pool): string {
  const query = String(pool.options.connectionString).split('?')[1];
  return new URLSearchParams(query).get('host')!;
}

const HASH = '$2b$04$abcdefghijklmnopqrstuuS1m9XxFfAbc6wLQ1u0Wz3CyD/yi0Cm';

/**
 * Another local account, with any user name and password, is refused by the operating system
 * (EACCES: it may not enter the socket's folder), and the users are as they were.
 */
async function expectRefusedToAnotherAccount(pool: pg.Pool): Promise<void> {
  await pool.query(`INSERT INTO users (email, password, role) VALUES ('agent@example.com', $1, 'agent')`, [
    HASH,
  ]);
  expect(await attackAsAnotherAccount(String(pool.options.connectionString))).toEqual({ error: 'EACCES' });
  const { rows } = await pool.query(`SELECT role FROM users WHERE email = 'agent@example.com'`);
  expect(rows).toEqual([{ role: 'agent' }]);
}

describe.runIf(canActAsAnotherAccount)('the embedded database is the app’s alone', () => {
  let privateDir: string;
  beforeAll(() => {
    privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-socket-'));
  });
  afterAll(() => fs.rmSync(privateDir, { recursive: true, force: true }));

  it('when another local account connects with any user and password, then it is refused and reads nothing', async () => {
    const dataDir = path.join(privateDir, 'data');
    const database = await openDatabase({ ...config, dataDir });
    try {
      // Served in the data folder only: no TCP port.
      expect(socketFolderOf(database.pool)).toBe(dataDir);
      const socket = fs.statSync(path.join(dataDir, SOCKET_NAME));
      expect(socket.isSocket()).toBe(true);
      expect(socket.mode & 0o777).toBe(0o600);
      await expectRefusedToAnotherAccount(database.pool);
    } finally {
      await database.close();
    }
    expect(fs.existsSync(path.join(dataDir, SOCKET_NAME))).toBe(false);
  });

  it('when it lives in memory (tests), then it is served from a private temporary folder, refused to another account and removed at stop', async () => {
    const database = await openDatabase(config, { inMemory: true });
    const folder = socketFolderOf(database.pool);
    try {
      expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
      await expectRefusedToAnotherAccount(database.pool);
    } finally {
      await database.close();
    }
    expect(fs.existsSync(folder)).toBe(false);
  });

  it('when the data folder’s path is too long for a socket, then it is served from a private temporary folder instead, refused to another account and removed at stop', async () => {
    const dataDir = path.join(
      privateDir,
      'a-data-folder-whose-path-is-longer-than-a-unix-socket-path-may-be'.repeat(2),
    );
    const database = await openDatabase({ ...config, dataDir });
    const folder = socketFolderOf(database.pool);
    try {
      expect(Buffer.byteLength(path.join(dataDir, SOCKET_NAME))).toBeGreaterThan(MAX_SOCKET_PATH_BYTES);
      expect(folder.startsWith(os.tmpdir())).toBe(true);
      expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
      await expectRefusedToAnotherAccount(database.pool);
    } finally {
      await database.close();
    }
    expect(fs.existsSync(folder)).toBe(false);
  });
});

describe('a socket path that cannot fit', () => {
  it(
    'when the data folder and the temporary folder are both too long, then the start is refused with a clear message and the folder is left unlocked',
    { timeout: 120_000 },
    async () => {
      const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-socket-'));
      const long = 'a-folder-whose-path-is-longer-than-a-unix-socket-path-may-be'.repeat(2);
      const dataDir = path.join(privateDir, 'data', long);
      const tmpDir = path.join(privateDir, 'tmp', long);
      fs.mkdirSync(tmpDir, { recursive: true, mode: 0o700 });
      vi.stubEnv('TMPDIR', tmpDir);
      try {
        const opening = openDatabase({ ...config, dataDir });
        await expect(opening).rejects.toThrow(
          `the data folder ${dataDir} and the temporary folder ${tmpDir} are too long`,
        );
        await expect(opening).rejects.toThrow('Set DATA_DIR (or TMPDIR) to a shorter path.');
        expect(fs.readdirSync(tmpDir)).toEqual([]);
        expect(fs.existsSync(path.join(dataDir, 'helpdesk.lock'))).toBe(false);
      } finally {
        vi.unstubAllEnvs();
        fs.rmSync(privateDir, { recursive: true, force: true });
      }
    },
  );
});
