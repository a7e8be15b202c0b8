/**
 * Scheduled backups (BACKUP_INTERVAL_HOURS, BACKUP_KEEP) into DATA_DIR/backups, made by the app itself
 * through the job runner's periodic tasks: under a lease, so with several app processes one of them
 * makes each backup (docs/decisions/055-job-runner-pg-boss.md).
 *
 * The task looks often (a tenth of the interval, at most every 5 minutes) and backs up only when the
 * newest backup in the folder is an interval old, going by the times in the file names. So restarts
 * and deploys neither add backups nor postpone them, and a backup that failed is tried again at the
 * next look (the job runner logs the failed run and counts it in its metrics). After each new backup
 * the oldest beyond BACKUP_KEEP are deleted; a failed one deletes nothing. With several machines, set
 * it on one of them: the folder is each machine's own.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { JobRunner } from '../../jobs/job-runner';
import { logger } from '../../lib/logger';
import type { DataSource } from '../data-source';
import { silentProgress } from '../progress';
import { BACKUP_EXTENSIONS, BACKUP_PREFIX, createBackup, type BackupResult } from './backup';

export const SCHEDULED_BACKUP_QUEUE = 'ops.scheduled-backup';
export const BACKUPS_FOLDER = 'backups';
/** A run holds the lease for this long and renews it; a process that dies mid-backup frees it then. */
const LEASE_SECONDS = 60;
const MAX_CHECK_SECONDS = 300;

export interface ScheduleSettings {
  intervalHours: number;
  keep: number;
}

const NAME = new RegExp(
  `^${BACKUP_PREFIX}(\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}Z)(${Object.values(BACKUP_EXTENSIONS)
    .map((ext) => ext.replaceAll('.', '\\.'))
    .join('|')})$`,
);

export interface ScheduledBackupFile {
  file: string;
  at: Date;
}

/** The schedule's backups in `dir`, newest first, by the time in their names. */
export function listBackups(dir: string): ScheduledBackupFile[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .flatMap((name) => {
      const match = NAME.exec(name);
      if (!match) return [];
      // 2026-11-25T09-01-18Z → 2026-11-25T09:01:18Z
      const at = new Date(match[1]!.replace(/T(\d{2})-(\d{2})-(\d{2})Z$/, 'T$1:$2:$3Z'));
      return Number.isNaN(at.getTime()) ? [] : [{ file: path.join(dir, name), at }];
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** How often the task looks whether a backup is due. */
export function checkIntervalSeconds(intervalHours: number): number {
  return Math.min(MAX_CHECK_SECONDS, Math.max(1, (intervalHours * 3600) / 10));
}

export interface ScheduledRunDeps {
  source: DataSource;
  dir: string;
  schedule: ScheduleSettings;
  encryptionKeyCheck?: string;
  now?: () => Date;
  shouldStop?: () => boolean;
}

/** One look: a backup when one is due, then the oldest beyond `keep` deleted. */
export async function backUpIfDue(
  deps: ScheduledRunDeps,
): Promise<{ written?: BackupResult; deleted: string[] }> {
  const now = deps.now?.() ?? new Date();
  fs.mkdirSync(deps.dir, { recursive: true, mode: 0o700 });
  // A .partial is what a killed run left; this run holds the lease, so none is being written now.
  for (const name of fs.readdirSync(deps.dir)) {
    if (name.startsWith(BACKUP_PREFIX) && name.endsWith('.partial'))
      fs.rmSync(path.join(deps.dir, name), { force: true });
  }
  const intervalMs = deps.schedule.intervalHours * 3_600_000;
  // Half a look early counts as due, so the backups do not drift a look later each time.
  const slackMs = (checkIntervalSeconds(deps.schedule.intervalHours) * 1000) / 2;
  const newest = listBackups(deps.dir)[0];
  if (newest && now.getTime() - newest.at.getTime() < intervalMs - slackMs) return { deleted: [] };

  const written = await createBackup(deps.source, {
    dir: deps.dir,
    format: 'auto',
    withSessions: false,
    progress: silentProgress,
    encryptionKeyCheck: deps.encryptionKeyCheck,
    shouldStop: deps.shouldStop,
  });
  const deleted = listBackups(deps.dir)
    .slice(Math.max(1, deps.schedule.keep))
    .map(({ file }) => file);
  for (const file of deleted) fs.rmSync(file, { force: true });
  return { written, deleted };
}

/** Starts the schedule in this process (when BACKUP_INTERVAL_HOURS is above 0). */
export async function startScheduledBackups(deps: {
  jobs: JobRunner;
  source: DataSource;
  dataDir: string;
  schedule: ScheduleSettings;
  encryptionKeyCheck?: string;
}): Promise<void> {
  if (!(deps.schedule.intervalHours > 0)) return;
  const dir = path.join(deps.dataDir, BACKUPS_FOLDER);
  await deps.jobs.every(
    SCHEDULED_BACKUP_QUEUE,
    { intervalSeconds: checkIntervalSeconds(deps.schedule.intervalHours), leaseSeconds: LEASE_SECONDS },
    async (run) => {
      let result;
      try {
        result = await backUpIfDue({ ...deps, dir, shouldStop: () => run.leaseLost });
      } catch (error) {
        // The job runner logs and counts the failed run; the next look tries again, and the backups
        // already there stay.
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`Scheduled backup failed: ${reason}`, { cause: error });
      }
      const { written, deleted } = result;
      if (!written) return;
      logger.info('Scheduled backup written', {
        file: written.file,
        format: written.format,
        bytes: written.bytes,
        ms: Math.round(written.ms),
        deleted: deleted.map((file) => path.basename(file)),
      });
    },
  );
}
