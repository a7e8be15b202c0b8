/**
 * Deletes in Harvest an entry deleted here. Never inside a database transaction. An entry whose push
 * may have reached Harvest without its id being recorded is found by its external reference first.
 */
import type { HarvestClient } from '../client';
import { HarvestError, HarvestForbiddenError, HarvestNotFoundError, HarvestRateLimitError } from '../errors';
import type { Database } from '../../db/client';
import { logger } from '../../lib/logger';
import type { HarvestCredentials, HarvestCredentialsState } from '../harvest-credentials';
import { retryDelayMs, type BackoffPolicy } from './backoff';
import { failDeletion, finishDeletion, retryDeletion, type QueuedDeletion } from './deletions.repository';

export type DeletionResult = 'removed' | 'queued' | 'failed';

export interface HarvestDeleter {
  /** Deletes the claimed entry in Harvest; failures are recorded on the deletion, never thrown. */
  remove(claim: QueuedDeletion): Promise<DeletionResult>;
}

export const DELETION_MESSAGES = {
  locked: (reason: string) =>
    `Harvest refused to delete the entry (${reason}): it is locked there (approved or invoiced). Ask a Harvest administrator to unlock or remove it.`,
} as const;

export function createHarvestDeleter(options: {
  db: Database;
  loadCredentials(): Promise<HarvestCredentialsState>;
  createClient(credentials: HarvestCredentials): HarvestClient;
  backoff: BackoffPolicy;
}): HarvestDeleter {
  const { db } = options;

  async function harvestIdOf(client: HarvestClient, claim: QueuedDeletion): Promise<number | undefined> {
    if (claim.harvestTimeEntryId !== null) return claim.harvestTimeEntryId;
    const found = await client.listTimeEntries({
      external_reference_id: claim.timeEntryId,
      from: claim.spentDate,
      to: claim.spentDate,
    });
    return found.find((candidate) => candidate.external_reference?.id === claim.timeEntryId)?.id;
  }

  return {
    async remove(claim) {
      const state = await options.loadCredentials();
      if (state.status !== 'configured') {
        // Waits for credentials; the attempt does not count against it.
        await retryDeletion(db, claim, 'Harvest is not configured', 60_000);
        return 'queued';
      }
      const client = options.createClient(state.credentials);
      try {
        const id = await harvestIdOf(client, claim);
        if (id !== undefined) await client.deleteTimeEntry(id);
      } catch (error) {
        if (error instanceof HarvestNotFoundError) {
          // Already gone from Harvest: the deletion is done.
        } else if (error instanceof HarvestForbiddenError) {
          const message = DELETION_MESSAGES.locked(error.message);
          await failDeletion(db, claim, message);
          logger.warn('Harvest refused to delete a time entry', {
            timeEntryId: claim.timeEntryId,
            error: message,
          });
          return 'failed';
        } else {
          const message = error instanceof Error ? error.message : String(error);
          const retryAfter = error instanceof HarvestRateLimitError ? error.retryAfterSeconds : undefined;
          await retryDeletion(db, claim, message, retryDelayMs(options.backoff, claim.attempts, retryAfter));
          if (!(error instanceof HarvestError)) {
            logger.error('Harvest deletion failed unexpectedly', {
              timeEntryId: claim.timeEntryId,
              error: message,
            });
          }
          return 'queued';
        }
      }
      await finishDeletion(db, claim);
      return 'removed';
    },
  };
}
