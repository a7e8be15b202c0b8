/**
 * Backup and restore round trip on the embedded database, through the commands an operator runs:
 * `npm run seed`, then `npm run backup` while the app runs and four clients keep creating tickets (the
 * app holds the data folder, so the backup goes through its backup channel), then `npm run restore`
 * into a new DATA_DIR, whose tables must hold exactly the source's rows as of one instant; an app
 * started there lets the demo admin sign in. Runs in every test mode: the embedded database needs no
 * server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedDatabase } from '../../db/embedded';
import { createPool } from '../../db/pool';
import { startAppProcess, type AppProcess } from '../../test/faults/app-process';
import { call } from '../../test/faults/fault-support';
import { runCli } from '../../test/ops/cli-process';
import { CHANNEL_FILE } from '../embedded/backup-channel';
import { RESTORED_REPLY_ERROR } from './restore-fixups';
import {
  addMoreData,
  concurrentTicketIds,
  expectSameData,
  expectSnapshotOfWrites,
  signIn,
  startTicketWriters,
  QUIET_APP_ENV,
  settleBackgroundPasses,
  tableChecksums,
} from '../../test/support/backup-round-trip';

const BULK_TICKETS = 5_000;

/** Opens a data folder's embedded database directly (no app may hold it). */
async function withDataDir<T>(dataDir: string, work: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const embedded = await startEmbeddedDatabase({ dataDir });
  const pool = createPool(embedded.connectionString, 1);
  try {
    return await work(pool);
  } finally {
    await pool.end();
    await embedded.stop();
  }
}

describe('backup and restore on the embedded database', () => {
  let scratch: string;
  const apps: AppProcess[] = [];

  beforeAll(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-backup-embedded-'));
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it(
    "when the running app's database is backed up while tickets keep being written, then npm run restore puts the same rows in every table as of one instant into a new data folder, refuses to overwrite it, and the restored app signs in",
    { timeout: 180_000 },
    async () => {
      const source = path.join(scratch, 'source');
      const target = path.join(scratch, 'target');
      const file = path.join(scratch, 'backup.jsonl.gz');

      const seeded = await runCli('seed', [], { dataDir: source });
      expect(seeded.code, seeded.stderr).toBe(0);
      const { queuedReplyId } = await withDataDir(source, async (pool) => {
        const added = await addMoreData(pool, BULK_TICKETS);
        await settleBackgroundPasses(pool);
        return added;
      });

      const app = await startAppProcess({ dataDir: source, env: QUIET_APP_ENV });
      apps.push(app);
      expect(fs.statSync(path.join(source, CHANNEL_FILE)).mode & 0o777).toBe(0o600);
      const cookie = await signIn(app.port);
      const me = await call(app.port, 'GET', '/api/auth/user', { cookie });
      const writers = startTicketWriters({
        port: app.port,
        cookie,
        workers: 4,
        assignTo: (me.body as { id: string }).id,
      });
      await writers.atLeast(10);
      const backup = await runCli('backup', ['--out', file], { dataDir: source });
      const count = writers.written.length;
      await writers.atLeast(count + 10);
      await writers.stop();
      expect(writers.failures).toEqual([]);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout.trim()).toBe(file);
      expect(backup.stderr).toContain(`The app is running (pid ${app.pid})`);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      // The export reads the running app's database the same way.
      const exportDir = path.join(scratch, 'export');
      const exported = await runCli('export', ['--out', exportDir], { dataDir: source });
      expect(exported.code, exported.stderr).toBe(0);
      const exportedTickets = fs
        .readFileSync(path.join(exportDir, 'tickets.jsonl'), 'utf8')
        .trimEnd()
        .split('\n');
      expect(exportedTickets.length).toBeGreaterThan(BULK_TICKETS + writers.written.length - 1);
      // The copies the backup and the export read from are gone with them.
      expect(fs.readdirSync(source).filter((name) => name.startsWith('.snapshot-'))).toEqual([]);
      app.signal('SIGTERM');
      await app.exited;
      expect(fs.existsSync(path.join(source, CHANNEL_FILE))).toBe(false);

      const restore = await runCli('restore', [file], { dataDir: target });
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stderr).toContain('1 email reply was waiting to be sent');

      const restored = await withDataDir(target, async (pool) => {
        const { rows } = await pool.query('SELECT status, error FROM ticket_messages WHERE id = $1', [
          queuedReplyId,
        ]);
        expect(rows[0]).toEqual({ status: 'failed', error: RESTORED_REPLY_ERROR });
        // The fix-up is the one intended difference from the source.
        await pool.query("UPDATE ticket_messages SET status = 'queued', error = NULL WHERE id = $1", [
          queuedReplyId,
        ]);
        return { ids: await concurrentTicketIds(pool), checksums: await tableChecksums(pool) };
      });
      const leftOut = expectSnapshotOfWrites(
        writers.written,
        { startedAt: backup.startedAt, endedAt: backup.endedAt },
        restored.ids,
      );
      expectSameData(await withDataDir(source, (pool) => tableChecksums(pool, leftOut)), restored.checksums);

      const again = await runCli('restore', [file], { dataDir: target });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already holds an embedded database');

      const restoredApp = await startAppProcess({ dataDir: target, env: QUIET_APP_ENV });
      apps.push(restoredApp);
      const signedIn = await signIn(restoredApp.port);
      expect((await call(restoredApp.port, 'GET', '/api/auth/user', { cookie: signedIn })).status).toBe(200);
      await restoredApp.stop();
    },
  );
});
