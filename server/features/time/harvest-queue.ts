/** How a new time entry joins the Harvest queue, and the push right after its transaction. */
import type { HarvestSyncResult } from '@shared/contracts/time';
import type { Database } from '../../db/client';
import type { HarvestServices } from '../../harvest/sync/harvest-services';
import { SYNC_MESSAGES } from '../../harvest/sync/push-entry';
import { findQueuedEntry } from '../../harvest/sync/sync.repository';
import type { QueueOptions } from './time-entries.repository';

export interface TimeDeps {
  db: Database;
  harvest: HarvestServices;
}

/** Claimed for an immediate push when Harvest is configured; else waiting, with the reason shown. */
export async function queueOptionsFor(harvest: HarvestServices): Promise<QueueOptions> {
  const state = await harvest.loadCredentials();
  if (state.status === 'configured') return { claimLeaseMs: harvest.claimLeaseMs };
  return {
    waitingReason:
      state.status === 'unreadable' ? SYNC_MESSAGES.unreadableCredentials : SYNC_MESSAGES.notConfigured,
  };
}

/** Pushes an entry the request claimed at insert (after the commit); otherwise it waits for the job. */
export async function pushNewEntry(
  deps: TimeDeps,
  entryId: string,
  queue: QueueOptions,
): Promise<HarvestSyncResult> {
  if (queue.claimLeaseMs === undefined) return 'pending';
  const entry = await findQueuedEntry(deps.db, entryId);
  if (!entry) return 'pending';
  return deps.harvest.pusher.push(entry);
}
