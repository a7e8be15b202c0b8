/**
 * Credentials saved while Harvest could not be reached are asked about again, every
 * HARVEST_VERIFY_INTERVAL_SECONDS, as a periodic task of the app's job runner (one process at a time).
 */
import type { Database } from '../db/client';
import type { HarvestServices } from './sync/harvest-services';
import type { JobRunner } from '../jobs/job-runner';
import { logger } from '../lib/logger';
import { verifyPendingCredentials, type MatchAgents } from './harvest-verification';

export const HARVEST_VERIFY_QUEUE = 'harvest.verify';

export async function startHarvestVerification(
  deps: { db: Database; harvest: HarvestServices; jobs: JobRunner; matchAgents?: MatchAgents },
  intervalSeconds: number,
): Promise<void> {
  await deps.jobs.every(HARVEST_VERIFY_QUEUE, { intervalSeconds }, async () => {
    try {
      await verifyPendingCredentials(deps.db, deps.harvest, deps.matchAgents);
    } catch (error) {
      logger.warn('Could not check the saved Harvest credentials', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  });
}
