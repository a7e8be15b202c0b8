/**
 * The background push of time entries to Harvest: every few seconds, in-process, safe with several
 * app processes on one database. Its state lives in time_entries, so it survives restarts; claims
 * (SKIP LOCKED plus a lease, see sync.repository.ts) make each entry go to one worker at a time.
 */
import type { HarvestSyncResult } from '@shared/contracts/time';
import type { Database } from '../../db/client';
import { logger } from '../../lib/logger';
import type { HarvestServices } from './harvest-services';
import { claimDueEntries, releaseClaims } from './sync.repository';

export type SyncRunSummary = Record<HarvestSyncResult, number> & { claimed: number };

export interface HarvestSyncJob {
  /** Runs now and then every `intervalMs` until stopped. */
  start(): void;
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
  let timer: NodeJS.Timeout | undefined;
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
    return summary;
  }

  function runOnce(): Promise<SyncRunSummary> {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(delayMs: number) {
    if (stopping) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), delayMs);
    // The HTTP server keeps a serving process alive; the job alone never should.
    timer.unref();
  }

  async function tick() {
    timer = undefined;
    try {
      const summary = await runOnce();
      if (summary.claimed > 0) logger.info('Harvest sync pass', summary);
    } catch (error) {
      logger.error('Harvest sync pass failed', {
        error: error instanceof Error ? error.message : String(error),
      });
    } finally {
      schedule(intervalMs);
    }
  }

  return {
    start() {
      if (started || stopping) return;
      started = true;
      // New credentials: push what waited for them without waiting for the next tick.
      unsubscribe = harvest.onCredentialsChanged(() => {
        if (timer) schedule(0);
      });
      schedule(0);
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      timer = undefined;
      unsubscribe?.();
      await running?.catch(() => undefined);
    },
    runOnce,
  };
}
