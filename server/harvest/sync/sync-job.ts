/**
 * The background push of time entries to Harvest: a pass every few seconds on the app's job runner
 * (server/jobs), which runs it in one process at a time however many serve the app. Its state lives
 * in time_entries, so it survives restarts; claims (SKIP LOCKED plus a lease, see sync.repository.ts)
 * make each entry go to one pusher at a time, also when a request pushes its own entry at once.
 */
import type { HarvestSyncResult } from '@shared/contracts/time';
import type { Database } from '../../db/client';
import type { JobRunner } from '../../jobs/job-runner';
import { logger } from '../../lib/logger';
import type { HarvestServices } from './harvest-services';
import { claimDueDeletions } from './deletions.repository';
import { claimDueEntries, releaseClaims } from './sync.repository';

/** The job runner's queue of the periodic pass. */
export const HARVEST_SYNC_QUEUE = 'harvest.sync';

export type SyncRunSummary = Record<HarvestSyncResult, number> & { claimed: number };

export interface HarvestSyncJob {
  /** Runs a pass now and then every `intervalMs` on the job runner until stopped. */
  start(jobs: JobRunner): Promise<void>;
  /** Stops the timer, lets the push under way finish and gives back claims not yet pushed. */
  stop(): Promise<void>;
  /** One pass over the due entries (tests call this directly). Concurrent calls share the pass. */
  runOnce(): Promise<SyncRunSummary>;
}

export interface HarvestSyncJobOptions {
  db: Database;
  harvest: HarvestServices;
  intervalMs: number;
  batchSize: number;
  /** Batches per pass at most, so one pass cannot run for ever behind a large backlog. Default 10. */
  maxBatchesPerRun?: number;
}

export function createHarvestSyncJob(options: HarvestSyncJobOptions): HarvestSyncJob {
  const { db, harvest, intervalMs, batchSize } = options;
  const maxBatches = options.maxBatchesPerRun ?? 10;
  let running: Promise<SyncRunSummary> | undefined;
  let started = false;
  let stopping = false;
  let unsubscribe: (() => void) | undefined;

  async function pass(): Promise<SyncRunSummary> {
    const summary: SyncRunSummary = { claimed: 0, synced: 0, pending: 0, failed: 0 };
    // Nothing is claimed while Harvest is not configured, so entries keep their place and attempts.
    if ((await harvest.loadCredentials()).status !== 'configured') return summary;
    for (let batch = 0; batch < maxBatches && !stopping; batch++) {
      const entries = await claimDueEntries(db, batchSize, harvest.claimLeaseMs);
      summary.claimed += entries.length;
      // One at a time: Harvest allows 100 requests per 15 s per account.
      for (const [index, entry] of entries.entries()) {
        if (stopping) {
          await releaseClaims(db, entries.slice(index));
          break;
        }
        summary[await harvest.pusher.push(entry)] += 1;
      }
      if (entries.length < batchSize) break;
    }
    // Then what was deleted here and Harvest still has.
    for (let batch = 0; batch < maxBatches && !stopping; batch++) {
      const deletions = await claimDueDeletions(db, batchSize, harvest.claimLeaseMs);
      for (const deletion of deletions) await harvest.deleter.remove(deletion);
      if (deletions.length < batchSize) break;
    }
    return summary;
  }

  function runOnce(): Promise<SyncRunSummary> {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  }

  /** One pass as the runner's periodic task; a failure is logged and the next interval tries again. */
  async function backgroundPass() {
    try {
      const summary = await runOnce();
      if (summary.claimed > 0) logger.info('Harvest sync pass', summary);
    } catch (error) {
      logger.error('Harvest sync pass failed', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  return {
    async start(jobs) {
      if (started || stopping) return;
      const task = await jobs.every(
        HARVEST_SYNC_QUEUE,
        { intervalSeconds: intervalMs / 1000 },
        backgroundPass,
      );
      // Only once it runs: a start that failed may be tried again.
      started = true;
      // New credentials: push what waited for them without waiting for the next interval.
      unsubscribe = harvest.onCredentialsChanged(() => {
        task.runSoon().catch(() => undefined);
      });
    },
    async stop() {
      stopping = true;
      unsubscribe?.();
      await running?.catch(() => undefined);
    },
    runOnce,
  };
}
