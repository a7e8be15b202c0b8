/**
 * Emails about accounts (issue 22: invitations, password resets) through the app's job runner, like
 * replies (queue `account-email.send`). The text carries a single-use link, so the job keeps it
 * sealed with the app's token cipher: the job table never holds a usable link, and only a hash of the
 * token is stored anywhere in the clear.
 *
 * Nothing fences a second hand-over: a run that died after the server took the message sends it
 * again on retry. For a link that works once that costs one duplicate email, not a duplicate action.
 */
import type { AppConfig } from '../../config';
import type { Database, DbOrTx } from '../../db/client';
import type { JobRun, JobRunner, QueuePolicy } from '../../jobs/job-runner';
import { logger } from '../../lib/logger';
import { newMessageId } from '../../mail/message-id';
import { createMailer, handOverDeadlineMs, SmtpSendError, type Mailer } from '../../mail/smtp-transport';
import { loadEmailSettings } from '../../mail/email-settings';
import type { TokenCipher } from '../../lib/token-cipher';

export const ACCOUNT_EMAIL_QUEUE = 'account-email.send';
/** The cipher context of the sealed text: a value sealed for another field does not open here. */
const SEAL_CONTEXT = 'account-email.text';

export interface AccountEmail {
  to: string;
  subject: string;
  /** Plain text; holds the link, so it travels sealed. */
  text: string;
}

interface AccountEmailJobData {
  to: string;
  subject: string;
  sealedText: string;
}

export interface AccountEmailDeps {
  db: Database;
  jobs: JobRunner;
  cipher: TokenCipher;
  config: Pick<AppConfig, 'email'>;
}

function queuePolicy(config: Pick<AppConfig, 'email'>): QueuePolicy {
  return {
    retryLimit: config.email.send.retryLimit,
    retryDelaySeconds: config.email.send.retryDelaySeconds,
    expireInSeconds: Math.ceil(handOverDeadlineMs(config.email.smtpTimeoutMs) / 1000) + 30,
  };
}

/**
 * The policy of a queue of requests that end in an account email (a password reset, a portal sign-in
 * link): retried like the email itself; a run is a lookup and a transaction, so it is dead after a
 * minute.
 */
export function emailRequestQueuePolicy(config: Pick<AppConfig, 'email'>): QueuePolicy {
  return {
    retryLimit: config.email.send.retryLimit,
    retryDelaySeconds: config.email.send.retryDelaySeconds,
    expireInSeconds: 60,
  };
}

/** Declares the queue on this runner (once: the runner keeps the first definition). */
function defineQueue(jobs: JobRunner, config: Pick<AppConfig, 'email'>): Promise<void> {
  return jobs.defineQueue(ACCOUNT_EMAIL_QUEUE, queuePolicy(config));
}

/**
 * Makes the queue ready before the caller opens its transaction: defining it (and starting the job
 * runner on first use) takes connections of the runner's own, which in the embedded database mode
 * (one connection, docs/decisions/001-embedded-db-one-connection.md) the caller's open transaction would hold: inside it, it waited until
 * the pool gave up and the request answered 503.
 */
export const prepareAccountEmail = (deps: Pick<AccountEmailDeps, 'jobs' | 'config'>): Promise<void> =>
  defineQueue(deps.jobs, deps.config);

/**
 * Queues `mail` in the caller's transaction when email is configured (call prepareAccountEmail first); false (nothing queued) when it
 * is not, so the caller can say so.
 */
export async function queueAccountEmail(
  tx: DbOrTx,
  deps: Pick<AccountEmailDeps, 'jobs' | 'cipher' | 'config'>,
  mail: AccountEmail,
): Promise<boolean> {
  const state = await loadEmailSettings(tx, deps.cipher);
  if (state.status !== 'configured') return false;
  await defineQueue(deps.jobs, deps.config);
  const data: AccountEmailJobData = {
    to: mail.to,
    subject: mail.subject,
    sealedText: deps.cipher.seal(mail.text, SEAL_CONTEXT),
  };
  await deps.jobs.enqueue(tx, ACCOUNT_EMAIL_QUEUE, data);
  return true;
}

export function accountEmailHandler(
  deps: Omit<AccountEmailDeps, 'jobs'> & { mailer?: Mailer },
): (data: AccountEmailJobData, run: JobRun) => Promise<void> {
  const mailer =
    deps.mailer ??
    createMailer({
      timeoutMs: deps.config.email.smtpTimeoutMs,
      allowLoopbackHosts: deps.config.email.allowLoopbackHosts,
    });
  return async (data, run) => {
    const giveUp = (reason: string) => {
      logger.warn('Account email not sent', { queue: ACCOUNT_EMAIL_QUEUE, attempt: run.attempt, reason });
    };
    const state = await loadEmailSettings(deps.db, deps.cipher);
    if (state.status !== 'configured') return giveUp('email is not configured');
    const text = deps.cipher.open(data.sealedText, SEAL_CONTEXT);
    if (text === undefined) return giveUp('the text does not open with this server’s key');
    const { smtp, fromAddress, fromName } = state.settings;
    try {
      await mailer.send(smtp, {
        messageId: newMessageId(fromAddress),
        from: { name: fromName, address: fromAddress },
        to: { address: data.to },
        subject: data.subject,
        text,
        // Mail from machines: an autoresponder or the inbound pipeline must not answer it.
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    } catch (error) {
      const permanent = error instanceof SmtpSendError && error.failure.permanent;
      const reason = error instanceof SmtpSendError ? error.failure.reason : String(error);
      if (permanent || run.isLastAttempt) return giveUp(reason);
      throw error;
    }
  };
}

/** Works the queue in this process until the runner stops (server.ts, when EMAIL_SEND_ENABLED). */
export async function startAccountEmailSender(deps: AccountEmailDeps): Promise<void> {
  await defineQueue(deps.jobs, deps.config);
  await deps.jobs.work<AccountEmailJobData>(
    ACCOUNT_EMAIL_QUEUE,
    { pollingIntervalSeconds: deps.config.email.send.pollIntervalSeconds, batchSize: 10, concurrency: 5 },
    accountEmailHandler(deps),
  );
}
