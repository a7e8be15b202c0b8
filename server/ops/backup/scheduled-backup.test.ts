/**
 * Scheduled backups: a look at the folder backs up only when the newest backup is an interval old,
 * then keeps the newest BACKUP_KEEP; and the app's job runner makes them on schedule. In this test
 * mode's database (PostgreSQL, or the embedded one through its snapshot).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { OpenDatabase } from '../../db/database';
import { createJobRunner, type JobRunner } from '../../jobs/job-runner';
import { openTestDatabase } from '../../test/test-database';
import { inAppSource } from '../data-source';
import {
  backUpIfDue,
  checkIntervalSeconds,
  listBackups,
  startScheduledBackups,
} from './scheduled-backup.job';

let database: OpenDatabase;
let scratch: string;
let runner: JobRunner | undefined;

beforeAll(async () => {
  database = await openTestDatabase();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-scheduled-'));
});
afterAll(async () => {
  await runner?.stop();
  await database?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const source = () =>
  inAppSource({
    databaseUrl: database.mode === 'postgres' ? String(database.pool.options.connectionString) : undefined,
    dataDir: scratch,
    snapshot: database.snapshot,
  });

describe('scheduled backups', () => {
  it('when the newest backup is older than the interval, then one is written and only the newest BACKUP_KEEP stay; right after, nothing is due', async () => {
    const dir = path.join(scratch, 'look');
    fs.mkdirSync(dir);
    const old = [1, 2, 3, 4, 5].map((day) =>
      path.join(dir, `helpdesk-backup-2026-01-0${day}T00-00-00Z.jsonl.gz`),
    );
    for (const file of old) fs.writeFileSync(file, 'old');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a backup');
    fs.writeFileSync(path.join(dir, 'helpdesk-backup-2026-01-06T00-00-00Z.jsonl.gz.partial'), 'killed run');

    const schedule = { intervalHours: 24, keep: 3 };
    const first = await backUpIfDue({ source: source(), dir, schedule });
    expect(first.written).toBeDefined();
    expect(fs.statSync(first.written!.file).mode & 0o777).toBe(0o600);
    expect(first.deleted.sort()).toEqual(old.slice(0, 3));
    expect(listBackups(dir).map((backup) => backup.file)).toEqual([first.written!.file, old[4], old[3]]);
    expect(fs.readdirSync(dir).sort()).toEqual(
      [
        path.basename(first.written!.file),
        path.basename(old[3]!),
        path.basename(old[4]!),
        'notes.txt',
      ].sort(),
    );

    const second = await backUpIfDue({ source: source(), dir, schedule });
    expect(second).toEqual({ deleted: [] });
  });

  it(
    'when BACKUP_INTERVAL_HOURS is set, then the job runner backs up every interval and prunes to BACKUP_KEEP',
    { timeout: 60_000 },
    async () => {
      runner = createJobRunner(database.pool);
      const dataDir = path.join(scratch, 'app');
      const schedule = { intervalHours: 2 / 3600, keep: 2 };
      expect(checkIntervalSeconds(schedule.intervalHours)).toBe(1);
      await startScheduledBackups({ jobs: runner, source: source(), dataDir, schedule });
      const dir = path.join(dataDir, 'backups');
      const seen = new Set<string>();
      const deadline = Date.now() + 45_000;
      while (seen.size < 3 && Date.now() < deadline) {
        for (const backup of listBackups(dir)) seen.add(backup.file);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(seen.size).toBeGreaterThanOrEqual(3);
      await runner.stop();
      runner = undefined;
      expect(listBackups(dir)).toHaveLength(2);
    },
  );

  it('when the settings are read, then they default to off and 7, and a bad value is refused naming it', () => {
    expect(loadConfig({}).backup).toEqual({ intervalHours: 0, keep: 7 });
    expect(loadConfig({ BACKUP_INTERVAL_HOURS: '', BACKUP_KEEP: '' }).backup).toEqual({
      intervalHours: 0,
      keep: 7,
    });
    expect(loadConfig({ BACKUP_INTERVAL_HOURS: '0.5', BACKUP_KEEP: '3' }).backup).toEqual({
      intervalHours: 0.5,
      keep: 3,
    });
    expect(() => loadConfig({ BACKUP_INTERVAL_HOURS: '-1' })).toThrow('BACKUP_INTERVAL_HOURS');
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow('BACKUP_KEEP');
  });
});
