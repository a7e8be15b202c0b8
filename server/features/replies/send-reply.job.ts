/**
 * The send job: hands each queued reply to the SMTP server once, on the app's job runner (queue
 * `email.send`, one job per reply, enqueued in the transaction that stores the reply).
 *
 * Exactly once, however many processes work the queue and wherever one of them stops:
 * - a run first claims the reply (queued → sending, send_attempts + 1) in its own committed
 *   statement, before it talks to the SMTP server; a run that finds nothing to claim stops there;
 * - a run that finds the reply `sending` knows an earlier run stopped between the claim and recording
 *   the outcome, possibly after the server took the message: it marks the reply failed ("Delivery
 *   unknown") instead of sending it again, and an agent decides whether to retry;
 * - only the run whose claim is the latest (send_attempts) records an outcome.
 * A reply the server put off (4xx, unreachable, timeout) goes back to queued with the reason and the
 * run throws, so the runner retries it with a doubling delay; a refusal (5xx) or the last retry fails it.
 */
import { MESSAGE_ERRORS } from '@shared/contracts/messages';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { JobRun, JobRunner, QueuePolicy, WorkOptions } from '../../jobs/job-runner';
import { logger } from '../../lib/logger';
import { newMessageId } from '../../mail/message-id';
import {
  createMailer,
  handOverDeadlineMs,
  SmtpSendError,
  type Mailer,
  type SmtpFailure,
} from '../../mail/smtp-transport';
import { loadEmailSettings, recordDeliveryCheck } from '../../mail/email-settings';
import type { TokenCipher } from '../../lib/token-cipher';
import { configuredBaseUrl } from '../../lib/urls';
import { loadPortalSettings } from '../../core/portal/portal-settings';
import * as repository from './replies.repository';

export const SEND_REPLY_QUEUE = 'email.send';

export interface SendReplyJobData {
  messageId: string;
}

export const DELIVERY_UNKNOWN =
  'Delivery unknown: the app stopped while handing this reply to the mail server. Check with the requester before retrying.';

/**
 * Jobs fetched at once and handed over side by side (ten SMTP connections). After a full batch the
 * runner fetches again at once, so a backlog drains at hand-over speed; small batches keep the time
 * a dead process's jobs wait before they run again short (see sendQueuePolicy).
 */
export const SEND_WORK: Omit<WorkOptions, 'pollingIntervalSeconds'> = { batchSize: 20, concurrency: 10 };

/**
 * Retries from the configuration. A run counts as dead after the longest a whole batch can take: the
 * jobs of a batch wait for a free lane, and the runner counts from the fetch, so one hand-over's
 * deadline per job a lane may have to do before it, plus a margin.
 */
export function sendQueuePolicy(config: Pick<AppConfig, 'email'>): QueuePolicy {
  const lanes = Math.ceil(SEND_WORK.batchSize / SEND_WORK.concurrency);
  return {
    retryLimit: config.email.send.retryLimit,
    retryDelaySeconds: config.email.send.retryDelaySeconds,
    expireInSeconds: lanes * Math.ceil(handOverDeadlineMs(config.email.smtpTimeoutMs) / 1000) + 30,
  };
}

/** Declares the queue on this runner once (before the first enqueue or work of the process). */
export function defineSendQueue(jobs: JobRunner, config: Pick<AppConfig, 'email'>): Promise<void> {
  return jobs.defineQueue(SEND_REPLY_QUEUE, sendQueuePolicy(config));
}

/** The line every reply email ends with while the portal is on (issue 41): its ticket there. */
export const portalLinkLine = (baseUrl: string, ticketId: string) =>
  `See this request and reply online: ${baseUrl}/portal/tickets/${ticketId}`;

/** The reply's text as mailed: as written, with its ticket's portal link below while the portal is on. */
export function replyEmailText(body: string, portalLink: string | undefined): string {
  return portalLink ? `${body.trimEnd()}\n\n${portalLink}\n` : body;
}

export interface SendReplyDeps {
  db: Database;
  /** PUBLIC_URL (or where the app listens) is the portal link's address. */
  config: Pick<AppConfig, 'email' | 'publicUrl' | 'host' | 'port'>;
  /** Opens the saved SMTP password (the app's token cipher). */
  cipher: TokenCipher;
  /** Default: one from config.email.smtpTimeoutMs. */
  mailer?: Mailer;
}

/** The job's handler: one reply, at most one hand-over. */
export function sendReplyHandler(
  deps: SendReplyDeps,
): (data: SendReplyJobData, run: JobRun) => Promise<void> {
  const { db } = deps;
  const mailer =
    deps.mailer ??
    createMailer({
      timeoutMs: deps.config.email.smtpTimeoutMs,
      allowLoopbackHosts: deps.config.email.allowLoopbackHosts,
    });

  return async ({ messageId: id }, run) => {
    if (typeof id !== 'string') return;
    // Read before the claim: once a reply is claimed, nothing but the hand-over itself may fail
    // before its outcome is recorded (a run that dies there leaves it "Delivery unknown").
    const settings = await loadEmailSettings(db, deps.cipher);
    const files = settings.status === 'configured' ? await repository.attachmentsForSending(db, id) : [];
    const portalOn = (await loadPortalSettings(db)).enabled;
    const claimed = await repository.claimForSending(db, id);
    if (!claimed) {
      const state = await repository.findDeliveryState(db, id);
      if (
        state?.status === 'sending' &&
        (await repository.markFailed(db, id, state.sendAttempts, DELIVERY_UNKNOWN))
      ) {
        logger.warn('A reply was found mid-hand-over after its run stopped; marked failed, not sent again', {
          messageId: id,
        });
      }
      return;
    }
    const attempt = claimed.sendAttempts;

    /** Queued again for the runner's next retry (the throw), or failed for good. */
    const giveUp = async (failure: Pick<SmtpFailure, 'permanent' | 'reason'>): Promise<void> => {
      if (failure.permanent || run.isLastAttempt) {
        await repository.markFailed(db, id, attempt, failure.reason);
        logger.warn('A reply could not be sent', { messageId: id, attempt, reason: failure.reason });
        return;
      }
      await repository.requeue(db, id, attempt, failure.reason);
      throw new Error(failure.reason);
    };

    if (settings.status !== 'configured') {
      return giveUp({ permanent: false, reason: MESSAGE_ERRORS.emailNotConfigured });
    }
    try {
      await mailer.send(settings.settings.smtp, {
        messageId: claimed.messageId ?? newMessageId(claimed.fromEmail),
        inReplyTo: claimed.inReplyTo,
        references: claimed.references,
        from: { name: claimed.fromName, address: claimed.fromEmail },
        to: { address: claimed.toEmail },
        subject: claimed.subject,
        text: replyEmailText(
          claimed.body,
          portalOn ? portalLinkLine(configuredBaseUrl(deps.config), claimed.ticketId) : undefined,
        ),
        attachments: files.flatMap((file) =>
          file.content
            ? [{ filename: file.filename, contentType: file.contentType, content: file.content }]
            : [],
        ),
      });
    } catch (error) {
      const failure: Pick<SmtpFailure, 'permanent' | 'reason'> =
        error instanceof SmtpSendError
          ? error.failure
          : { permanent: false, reason: `The reply could not be handed over: ${String(error)}` };
      await recordDeliveryCheck(db, { ok: false, error: failure.reason });
      return giveUp(failure);
    }
    await repository.markSent(db, id, attempt);
    await recordDeliveryCheck(db, { ok: true });
  };
}

/** Works the queue in this process until the runner stops (server.ts, when EMAIL_SEND_ENABLED). */
export async function startReplySender(deps: SendReplyDeps & { jobs: JobRunner }) {
  await defineSendQueue(deps.jobs, deps.config);
  await deps.jobs.work<SendReplyJobData>(
    SEND_REPLY_QUEUE,
    { pollingIntervalSeconds: deps.config.email.send.pollIntervalSeconds, ...SEND_WORK },
    sendReplyHandler(deps),
  );
}
