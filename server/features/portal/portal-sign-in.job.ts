/**
 * Requests for a portal sign-in link (issue 41), worked after the answer (queue `portal-sign-in.request`),
 * as "Forgot password?" requests are: the request only queues this job, the same work for any
 * address, so neither the answer nor its time tells whether the address may use the portal. The job
 * decides: an address with a ticket, or of an allowed domain in `domains` mode, gets a new link (the
 * older ones deleted) and its email, in one transaction; anyone else, nothing.
 *
 * The address travels sealed: the job table never holds what strangers typed, in clear. A run whose
 * process died after its transaction committed runs again: the second link replaces the first.
 */
import { PRODUCT_NAME } from '@shared/constants';
import { maySignInToPortal, PORTAL_LIMITS } from '@shared/contracts/portal';
import type { AppConfig } from '../../config';
import type { JobRunner } from '../../jobs/job-runner';
import { logger } from '../../lib/logger';
import { newToken } from '../../lib/single-use-token';
import {
  emailRequestQueuePolicy,
  prepareAccountEmail,
  queueAccountEmail,
  type AccountEmailDeps,
} from '../../core/accounts/account-email.job';
import { loadPortalSettings } from '../../core/portal/portal-settings';
import * as repository from './portal-sign-in.repository';

export const PORTAL_SIGN_IN_QUEUE = 'portal-sign-in.request';
/** The cipher context of the sealed address. */
const SEAL_CONTEXT = 'portal-sign-in.request.email';

export type PortalSignInDeps = Pick<AccountEmailDeps, 'db' | 'jobs' | 'cipher' | 'config'>;

interface PortalSignInJobData {
  sealedEmail: string;
  /** Where the link points (PUBLIC_URL, or where the app listens). */
  baseUrl: string;
}

const defineQueue = (jobs: JobRunner, config: Pick<AppConfig, 'email'>) =>
  jobs.defineQueue(PORTAL_SIGN_IN_QUEUE, emailRequestQueuePolicy(config));

/** The page of a sign-in link: it shows a Continue button; only that button's POST uses the token. */
export const portalSignInUrl = (baseUrl: string, token: string) => `${baseUrl}/portal/sign-in/${token}`;

function signInEmail(url: string) {
  return {
    subject: `Sign in to the ${PRODUCT_NAME} portal`,
    text: [
      `Someone, hopefully you, asked to sign in to the ${PRODUCT_NAME} portal to follow your tickets.`,
      `Sign in with this link. It works once, for ${PORTAL_LIMITS.signInLinkMinutes} minutes:`,
      '',
      url,
      '',
      'If you did not ask for this, ignore this email.',
    ].join('\n'),
  };
}

/** The work of a request: a link and its email for an address that may sign in; nothing otherwise. */
async function sendSignInLink(deps: PortalSignInDeps, email: string, baseUrl: string): Promise<void> {
  const settings = await loadPortalSettings(deps.db);
  if (!settings.enabled) return;
  const hasTicket = await repository.hasTicketFrom(deps.db, email);
  if (!maySignInToPortal(settings, email, hasTicket)) return;
  await prepareAccountEmail(deps);
  await deps.db.transaction(async (tx) => {
    const { token, tokenHash } = newToken();
    await repository.replaceSignInLink(tx, email, tokenHash, PORTAL_LIMITS.signInLinkMinutes);
    await queueAccountEmail(tx, deps, { to: email, ...signInEmail(portalSignInUrl(baseUrl, token)) });
  });
}

/** Queues the request on its own (no transaction): one job, whatever the address. */
export async function queuePortalSignInRequest(deps: PortalSignInDeps, email: string, baseUrl: string) {
  await defineQueue(deps.jobs, deps.config);
  const data: PortalSignInJobData = { sealedEmail: deps.cipher.seal(email, SEAL_CONTEXT), baseUrl };
  await deps.jobs.enqueue(deps.db, PORTAL_SIGN_IN_QUEUE, data);
}

function handler(deps: PortalSignInDeps): (data: PortalSignInJobData) => Promise<void> {
  return async (data) => {
    const email = deps.cipher.open(data.sealedEmail, SEAL_CONTEXT);
    if (email === undefined) {
      logger.warn('Portal sign-in request dropped', {
        queue: PORTAL_SIGN_IN_QUEUE,
        reason: 'the address does not open with this server’s key',
      });
      return;
    }
    await sendSignInLink(deps, email, data.baseUrl);
  };
}

/** Works the queue in this process until the runner stops (server.ts, beside the account email sender). */
export async function startPortalSignInRequests(deps: PortalSignInDeps): Promise<void> {
  await defineQueue(deps.jobs, deps.config);
  await deps.jobs.work<PortalSignInJobData>(
    PORTAL_SIGN_IN_QUEUE,
    { pollingIntervalSeconds: deps.config.email.send.pollIntervalSeconds, batchSize: 10, concurrency: 5 },
    handler(deps),
  );
}
