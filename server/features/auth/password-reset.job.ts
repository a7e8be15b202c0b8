/**
 * "Forgot password?" requests, worked after the answer (queue `password-reset.request`). Whether the
 * address has an account must not show in how long the answer takes (issue 34): the request only
 * queues this job, the same work for any address, and the job looks the account up, makes the link
 * and queues its email (the account email queue) in one transaction.
 *
 * The address typed travels sealed, like an account email's text: the job table never holds what
 * strangers typed into the form, in clear. A run whose process died after its transaction committed
 * runs again: the second link replaces the first and one extra email goes out, never a second action.
 */
import { PRODUCT_NAME } from '@shared/constants';
import { PASSWORD_RESET_VALID_MINUTES } from '@shared/contracts/auth';
import type { AppConfig } from '../../config';
import type { JobRunner } from '../../jobs/job-runner';
import { logger } from '../../lib/logger';
import {
  emailRequestQueuePolicy,
  prepareAccountEmail,
  queueAccountEmail,
  type AccountEmailDeps,
} from '../../core/accounts/account-email.job';
import { recordSecurityEvent } from '../../core/security-events/security-events.repository';
import * as usersRepository from '../../core/users/users.repository';
import { newResetLink } from '../../core/accounts/password-reset-link';

export const PASSWORD_RESET_REQUEST_QUEUE = 'password-reset.request';
/** The cipher context of the sealed address. */
const SEAL_CONTEXT = 'password-reset.request.email';

export type PasswordResetDeps = Pick<AccountEmailDeps, 'db' | 'jobs' | 'cipher' | 'config'>;

export interface PasswordResetRequest {
  email: string;
  /** Where the link points (PUBLIC_URL, or where the app listens). */
  baseUrl: string;
  /** The client that asked, for the security event. */
  ip: string;
}

interface PasswordResetRequestJobData {
  sealedEmail: string;
  baseUrl: string;
  ip: string;
}

/** Declares the queue on this runner (once: the runner keeps the first definition). */
function defineQueue(jobs: JobRunner, config: Pick<AppConfig, 'email'>): Promise<void> {
  return jobs.defineQueue(PASSWORD_RESET_REQUEST_QUEUE, emailRequestQueuePolicy(config));
}

function resetEmail(url: string) {
  return {
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: [
      `Someone, hopefully you, asked to reset the password of your ${PRODUCT_NAME} account.`,
      `Choose a new password with this link. It works once, for ${PASSWORD_RESET_VALID_MINUTES} minutes:`,
      '',
      url,
      '',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

/**
 * The work of a request: for an active account, a new link (voiding the earlier ones), its email
 * queued and the event recorded, in one transaction. An unknown or deactivated address: nothing.
 */
async function sendResetLink(deps: PasswordResetDeps, request: PasswordResetRequest): Promise<void> {
  const account = await usersRepository.findCredentialsByEmail(deps.db, request.email);
  if (!account?.active) return;
  await prepareAccountEmail(deps);
  await deps.db.transaction(async (tx) => {
    const url = await newResetLink(tx, account.id, request.baseUrl);
    await queueAccountEmail(tx, deps, { to: request.email, ...resetEmail(url) });
    await recordSecurityEvent(tx, { kind: 'password_reset_requested', targetId: account.id, ip: request.ip });
  });
}

/** Queues the request on its own (no transaction): one job, whatever the address. */
export async function queuePasswordResetRequest(
  deps: PasswordResetDeps,
  request: PasswordResetRequest,
): Promise<void> {
  await defineQueue(deps.jobs, deps.config);
  const data: PasswordResetRequestJobData = {
    sealedEmail: deps.cipher.seal(request.email, SEAL_CONTEXT),
    baseUrl: request.baseUrl,
    ip: request.ip,
  };
  await deps.jobs.enqueue(deps.db, PASSWORD_RESET_REQUEST_QUEUE, data);
}

export function passwordResetRequestHandler(
  deps: PasswordResetDeps,
): (data: PasswordResetRequestJobData) => Promise<void> {
  return async (data) => {
    const email = deps.cipher.open(data.sealedEmail, SEAL_CONTEXT);
    if (email === undefined) {
      logger.warn('Password reset request dropped', {
        queue: PASSWORD_RESET_REQUEST_QUEUE,
        reason: 'the address does not open with this server’s key',
      });
      return;
    }
    await sendResetLink(deps, { email, baseUrl: data.baseUrl, ip: data.ip });
  };
}

/**
 * Works the queue in this process until the runner stops (server.ts, with the account email sender:
 * a process that sends no email has no use for a link it cannot send).
 */
export async function startPasswordResetRequests(deps: AccountEmailDeps): Promise<void> {
  await defineQueue(deps.jobs, deps.config);
  await deps.jobs.work<PasswordResetRequestJobData>(
    PASSWORD_RESET_REQUEST_QUEUE,
    { pollingIntervalSeconds: deps.config.email.send.pollIntervalSeconds, batchSize: 10, concurrency: 5 },
    passwordResetRequestHandler(deps),
  );
}
