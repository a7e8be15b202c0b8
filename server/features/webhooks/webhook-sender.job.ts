/**
 * The webhook sender (issue 43, docs/decisions/133-webhooks.md): a periodic task of the one job runner,
 * so one process at a time delivers (under the task's lease), and a run is asked for at once after a
 * transaction records deliveries. A run keeps one lane per webhook: a lane POSTs its webhook's oldest
 * waiting delivery, records the outcome, and goes on to the next only once that one is delivered or
 * failed for good, so each webhook's deliveries go out in the order of its events; a slow or failing
 * receiver holds back only its own lane. A run ends when nothing is due soon, or after RUN_LIMIT_MS
 * (the next interval's run goes on). A delivery whose process died mid-POST is sent again by the next
 * run with the same id: receivers dedupe on X-Helpdesk-Delivery.
 */
import { WEBHOOK_HEADERS, WEBHOOK_LIMITS, WEBHOOK_MESSAGES } from '@shared/contracts/webhooks';
import type { Database } from '../../db/client';
import type { JobRunner, PeriodicRun, PeriodicTask } from '../../jobs/job-runner';
import { runKicker, type KickedRun } from '../../jobs/run-kicker';
import { logger } from '../../lib/logger';
import type { TokenCipher } from '../../lib/token-cipher';
import { insertNotices } from '../../core/notifications/notices.service';
import { activeAdminIds } from '../../core/users/users.repository';
import { whenWebhookDeliveriesRecorded } from '../../core/webhooks/webhook-events.repository';
import { deliveryBody, type StoredDelivery } from './webhook-payload';
import { postWebhook } from './webhook-request';
import { secretContext, signatureHeader } from './webhook-signature';
import {
  failPendingDeliveries,
  headDelivery,
  pruneOldEvents,
  recordAttempt,
  turnOff,
  waitingHeads,
  type HeadDelivery,
} from './webhooks.repository';

export const WEBHOOK_SENDER_TASK = 'webhooks.send';
const INTERVAL_SECONDS = 5;
/** A run whose process died keeps the next one waiting at most this long (then its POST is sent again). */
const LEASE_SECONDS = 10;
/** A run waits in itself for a retry due within this long, instead of ending and being asked again. */
const WAIT_WITHIN_MS = 5_000;
/** How long one run goes on; the next interval's run takes over (the lease's renewals stay short). */
const RUN_LIMIT_MS = 45_000;
/** Webhooks delivered to at the same time. */
const MAX_LANES = 8;
/** Old events are deleted at most this often, this many at a time, by the run that finds it due. */
const PRUNE_EVERY_MS = 60 * 60_000;
const PRUNE_BATCH = 5_000;
let prunedAt = 0;

export interface WebhookSenderDeps {
  db: Database;
  cipher: TokenCipher;
  /** The app's address, for the links in payloads. */
  baseUrl: string;
  allowLoopbackHosts: boolean;
  retryFirstDelaySeconds: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Turns the webhook off after too many failures in a row, and tells every admin once. */
async function turnOffAfterFailures(db: Database, webhookId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const reason = `Turned off after ${WEBHOOK_LIMITS.failuresBeforeOff} failed deliveries in a row`;
    const webhook = await turnOff(tx, webhookId, reason);
    if (!webhook) return;
    await failPendingDeliveries(tx, webhookId);
    const admins = await activeAdminIds(tx);
    await insertNotices(
      tx,
      admins.map((userId) => ({
        userId,
        kind: 'webhook_off' as const,
        text: WEBHOOK_MESSAGES.turnedOff(webhook.url),
      })),
    );
    logger.warn('A webhook was turned off after failed deliveries', { webhookId });
  });
}

/** One attempt at `head`: POSTed, signed, and its outcome recorded. */
async function attempt(deps: WebhookSenderDeps, webhookId: string, head: HeadDelivery): Promise<void> {
  const stored: StoredDelivery = {
    id: head.id,
    event: head.event,
    occurredAt: head.occurredAt,
    data: head.data,
  };
  const body = deliveryBody(head.format, stored, deps.baseUrl);
  const secret = deps.cipher.open(head.secretSealed, secretContext(webhookId));
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': 'Helpdesk-Webhooks/1',
    [WEBHOOK_HEADERS.event]: head.event,
    [WEBHOOK_HEADERS.delivery]: head.id,
  };
  // A secret that no longer opens (the key changed) is not worked around: the attempt fails, said.
  const outcome = secret
    ? await postWebhook(
        head.url,
        body,
        { ...headers, [WEBHOOK_HEADERS.signature]: signatureHeader(secret, body, new Date()) },
        deps,
      )
    : {
        delivered: false,
        statusCode: null,
        error: 'The signing secret cannot be read: rotate it',
        durationMs: 0,
      };
  const failures = await recordAttempt(deps.db, {
    deliveryId: head.id,
    webhookId,
    ...outcome,
    retryFirstDelaySeconds: deps.retryFirstDelaySeconds,
  });
  if (failures !== undefined && failures >= WEBHOOK_LIMITS.failuresBeforeOff) {
    await turnOffAfterFailures(deps.db, webhookId);
  }
}

/** Delivers the webhook's due deliveries in order until its oldest one is not due (or the run ends). */
async function lane(deps: WebhookSenderDeps, webhookId: string, shouldStop: () => boolean): Promise<void> {
  while (!shouldStop()) {
    const head = await headDelivery(deps.db, webhookId);
    if (!head || head.dueAt.getTime() > Date.now()) return;
    await attempt(deps, webhookId, head);
  }
}

/** One run: lanes for every webhook with a delivery due, until nothing is due within WAIT_WITHIN_MS. */
export async function deliverWebhooks(
  deps: WebhookSenderDeps,
  run?: PeriodicRun,
  kicks?: KickedRun,
): Promise<void> {
  const started = Date.now();
  if (started - prunedAt > PRUNE_EVERY_MS) {
    prunedAt = started;
    await pruneOldEvents(deps.db, PRUNE_BATCH);
  }
  const shouldStop = () => Boolean(run?.leaseLost) || Date.now() - started > RUN_LIMIT_MS;
  const lanes = new Map<string, Promise<void>>();
  while (!shouldStop()) {
    const heads = await waitingHeads(deps.db);
    const now = Date.now();
    for (const head of heads) {
      if (lanes.size >= MAX_LANES || lanes.has(head.webhookId) || head.dueAt.getTime() > now) continue;
      const going = lane(deps, head.webhookId, shouldStop)
        .catch((error: unknown) =>
          logger.error('Could not deliver a webhook', {
            webhookId: head.webhookId,
            error: error instanceof Error ? error.message : String(error),
          }),
        )
        .finally(() => lanes.delete(head.webhookId));
      lanes.set(head.webhookId, going);
    }
    const waiting = heads
      .filter((head) => !lanes.has(head.webhookId))
      .map((head) => head.dueAt.getTime() - now);
    const soonest = Math.min(...waiting);
    if (lanes.size === 0 && !(soonest <= WAIT_WITHIN_MS)) break;
    // Look again when a lane ends (a retry may be due for it), a commit recorded deliveries (another
    // webhook's may be waiting), or the soonest wait is over: at most a second.
    await Promise.race([
      ...lanes.values(),
      sleep(Math.max(20, Math.min(1_000, soonest))),
      ...(kicks ? [kicks.kicked()] : []),
    ]);
  }
  await Promise.all(lanes.values());
}

/** Starts the sender; answers its kick (asks for a run now). */
export async function startWebhookSender(
  deps: WebhookSenderDeps & { jobs: JobRunner },
): Promise<{ kick(): void }> {
  const started: { task?: PeriodicTask } = {};
  const kicker = runKicker(() => started.task?.runSoon() ?? Promise.resolve(), 'a webhook delivery run');
  started.task = await deps.jobs.every(
    WEBHOOK_SENDER_TASK,
    { intervalSeconds: INTERVAL_SECONDS, leaseSeconds: LEASE_SECONDS },
    (run) => kicker.run((kicks) => deliverWebhooks(deps, run, kicks)),
  );
  whenWebhookDeliveriesRecorded(() => kicker.kick());
  return kicker;
}
