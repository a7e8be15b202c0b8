/**
 * Whether the saved Harvest credentials work, asked of Harvest (GET /v2/users/me) after they are
 * saved and, while Harvest could not be reached, again in the background. Saving never waits for
 * Harvest (docs/decisions/063-harvest-save-then-verify.md): a flaky network or a Harvest outage must not block configuration.
 */
import type { HarvestCredentialsVerification, HarvestUserSummary } from '@shared/contracts/settings';
import type { Database } from '../db/client';
import type { HarvestClient, HarvestUser } from './client';
import { HarvestAuthError, HarvestError, HarvestForbiddenError, HarvestRateLimitError } from './errors';
import type { HarvestServices } from './sync/harvest-services';
import { logger } from '../lib/logger';
import { recordHarvestVerification } from './harvest-credentials';

/**
 * Matches agents to Harvest users by email once Harvest verified the token of `owner`; the count
 * matched. Passed in by the wiring (server/features/harvest-users, in app.ts and server.ts).
 */
export type MatchAgents = (client: HarvestClient, owner: HarvestUser) => Promise<number>;

export interface VerificationOutcome {
  verification: HarvestCredentialsVerification;
  /** Who the token belongs to; only when Harvest verified it. */
  harvestUser: HarvestUserSummary | null;
}

const summaryOf = (user: HarvestUser): HarvestUserSummary => ({
  id: user.id,
  name: `${user.first_name} ${user.last_name}`.trim(),
  email: user.email,
});

function reasonOf(error: HarvestError): string {
  if (error instanceof HarvestRateLimitError) {
    return `Harvest is rate-limiting this account; trying again in ${error.retryAfterSeconds} s`;
  }
  return error instanceof HarvestAuthError ? error.description : error.message;
}

/**
 * Asks Harvest about the saved credentials and records the answer beside them (unless they were
 * replaced meanwhile). Verified credentials also match agents to Harvest users by email.
 */
export async function verifySavedCredentials(
  db: Database,
  harvest: HarvestServices,
  previous: HarvestCredentialsVerification | null,
  matchAgents?: MatchAgents,
): Promise<VerificationOutcome | undefined> {
  const state = await harvest.loadCredentials();
  if (state.status !== 'configured') return undefined;
  const client = harvest.createClient(state.credentials);
  const checkedAt = new Date().toISOString();
  let outcome: VerificationOutcome;
  let owner: HarvestUser | undefined;
  try {
    owner = await client.getCurrentUser();
    outcome = {
      verification: { status: 'verified', checkedAt, lastVerifiedAt: checkedAt, error: null },
      harvestUser: summaryOf(owner),
    };
  } catch (error) {
    if (!(error instanceof HarvestError)) throw error;
    const rejected = error instanceof HarvestAuthError || error instanceof HarvestForbiddenError;
    outcome = {
      verification: {
        status: rejected ? 'rejected' : 'unverified',
        checkedAt,
        lastVerifiedAt: previous?.lastVerifiedAt ?? null,
        error: reasonOf(error),
      },
      harvestUser: null,
    };
  }
  const recorded = await recordHarvestVerification(
    db,
    state.stored.accessTokenSealed,
    outcome.verification,
    outcome.harvestUser,
  );
  if (!recorded) return undefined;
  if (owner && matchAgents) {
    try {
      const matched = await matchAgents(client, owner);
      if (matched > 0) logger.info('Matched agents to Harvest users by email', { matched });
    } catch (error) {
      // Matching is a convenience; the admin can press Match Users once Harvest answers.
      logger.warn('Could not match agents to Harvest users', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return outcome;
}

/** The background retry: credentials Harvest could not be asked about are asked about again. */
export async function verifyPendingCredentials(
  db: Database,
  harvest: HarvestServices,
  matchAgents?: MatchAgents,
): Promise<void> {
  const state = await harvest.loadCredentials();
  if (state.status !== 'configured' || state.stored.verification?.status !== 'unverified') return;
  const outcome = await verifySavedCredentials(db, harvest, state.stored.verification, matchAgents);
  if (outcome?.verification.status === 'verified') {
    logger.info('The saved Harvest credentials are verified', { harvestUser: outcome.harvestUser?.email });
    await harvest.credentialsChanged();
  }
}
