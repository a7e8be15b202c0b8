/**
 * The webhooks' tables (issue 43): the admins' list, each webhook's deliveries, and the sender's
 * reads and writes. Events and their deliveries are recorded by server/core/webhooks.
 */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { webhookDeliveries, webhookEvents, webhooks } from '@shared/schema';
import type { WebhookDeliveryEvent, WebhookEvent, WebhookFormat } from '@shared/contracts/webhooks';
import { WEBHOOK_LIMITS, WEBHOOK_MESSAGES } from '@shared/contracts/webhooks';
import type { DbOrTx } from '../../db/client';
import { tellAfterCommit } from '../../core/webhooks/webhook-events.repository';

export type WebhookRow = typeof webhooks.$inferSelect;

export interface DeliveryRow {
  id: string;
  event: WebhookDeliveryEvent;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  durationMs: number | null;
  lastAttemptAt: Date | null;
  occurredAt: Date;
}

export const listWebhooks = (db: DbOrTx): Promise<WebhookRow[]> =>
  db.select().from(webhooks).orderBy(webhooks.createdAt, webhooks.id);

export async function findWebhook(db: DbOrTx, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  return row;
}

export async function countWebhooks(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(webhooks);
  return row?.count ?? 0;
}

export interface NewWebhook {
  id: string;
  url: string;
  events: WebhookEvent[];
  active: boolean;
  format: WebhookFormat;
  secretSealed: string;
  createdBy: string | null;
}

export async function insertWebhook(db: DbOrTx, webhook: NewWebhook): Promise<WebhookRow> {
  const [row] = await db.insert(webhooks).values(webhook).returning();
  return row!;
}

export interface WebhookPatch {
  url?: string;
  events?: WebhookEvent[];
  active?: boolean;
  format?: WebhookFormat;
  secretSealed?: string;
}

/** Changes the fields given; turning it on again clears the failures that turned it off. */
export async function updateWebhook(
  db: DbOrTx,
  id: string,
  patch: WebhookPatch,
): Promise<WebhookRow | undefined> {
  const turnedOn = patch.active === true ? { consecutiveFailures: 0, disabledReason: null } : {};
  const [row] = await db
    .update(webhooks)
    .set({ ...patch, ...turnedOn, updatedAt: new Date() })
    .where(eq(webhooks.id, id))
    .returning();
  return row;
}

export async function deleteWebhook(db: DbOrTx, id: string): Promise<boolean> {
  const deleted = await db.delete(webhooks).where(eq(webhooks.id, id)).returning({ id: webhooks.id });
  return deleted.length > 0;
}

/** Its deliveries still waiting become failed (it was turned off): none goes out once it is back on. */
export async function failPendingDeliveries(db: DbOrTx, webhookId: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError: WEBHOOK_MESSAGES.offBeforeDelivery })
    .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.status, 'pending')));
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  event: sql<WebhookDeliveryEvent>`${webhookEvents.event}`,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  lastError: webhookDeliveries.lastError,
  durationMs: webhookDeliveries.durationMs,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  occurredAt: webhookEvents.occurredAt,
};

/** A webhook's deliveries, newest first, `limit` of them before the delivery `before` (when given). */
export async function listDeliveries(
  db: DbOrTx,
  webhookId: string,
  options: { limit: number; before?: string },
): Promise<DeliveryRow[]> {
  const beforeSeq = options.before
    ? sql`(SELECT seq FROM ${webhookDeliveries} WHERE id = ${options.before} AND webhook_id = ${webhookId})`
    : undefined;
  return db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.webhookId, webhookId),
        beforeSeq ? lt(webhookDeliveries.seq, beforeSeq) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.seq))
    .limit(options.limit);
}

export async function findDelivery(
  db: DbOrTx,
  webhookId: string,
  id: string,
): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.id, id)));
  return row;
}

/**
 * Sends the delivery again: pending now, at the end of its webhook's order (a new `seq`), with a new
 * day of retries; its id (and so the receiver's dedupe key) stays.
 */
export async function requeueDelivery(db: DbOrTx, webhookId: string, id: string): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE ${webhookDeliveries} SET status = 'pending', seq = DEFAULT, next_attempt_at = now(), give_up_at = NULL
    WHERE id = ${id} AND webhook_id = ${webhookId}`);
  tellAfterCommit(result.rowCount);
  return (result.rowCount ?? 0) > 0;
}

// ---- The sender ---------------------------------------------------------------------------------

/** Each active webhook with a delivery waiting: when its oldest one is due. */
export async function waitingHeads(db: DbOrTx): Promise<{ webhookId: string; dueAt: Date }[]> {
  const { rows } = await db.execute<{ webhook_id: string; due_at: string }>(sql`
    SELECT w.id AS webhook_id, head.next_attempt_at AS due_at
    FROM ${webhooks} w
    CROSS JOIN LATERAL (
      SELECT d.next_attempt_at FROM ${webhookDeliveries} d
      WHERE d.webhook_id = w.id AND d.status = 'pending'
      ORDER BY d.seq LIMIT 1
    ) head
    WHERE w.active`);
  return rows.map((row) => ({ webhookId: row.webhook_id, dueAt: new Date(row.due_at) }));
}

/** A webhook's oldest waiting delivery, with what sending it needs. */
export interface HeadDelivery {
  id: string;
  event: WebhookDeliveryEvent;
  occurredAt: string;
  data: Record<string, unknown>;
  dueAt: Date;
  url: string;
  format: WebhookFormat;
  secretSealed: string;
}

export async function headDelivery(db: DbOrTx, webhookId: string): Promise<HeadDelivery | undefined> {
  const { rows } = await db.execute<{
    id: string;
    event: WebhookDeliveryEvent;
    occurred_at: string;
    data: Record<string, unknown>;
    due_at: string;
    url: string;
    format: WebhookFormat;
    secret_sealed: string;
  }>(sql`
    SELECT d.id, e.event, to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS occurred_at,
      e.data, d.next_attempt_at AS due_at, w.url, w.format, w.secret_sealed
    FROM ${webhookDeliveries} d
    JOIN ${webhookEvents} e ON e.id = d.event_id
    JOIN ${webhooks} w ON w.id = d.webhook_id
    WHERE d.webhook_id = ${webhookId} AND d.status = 'pending' AND w.active
    ORDER BY d.seq LIMIT 1`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    event: row.event,
    occurredAt: row.occurred_at,
    data: row.data,
    dueAt: new Date(row.due_at),
    url: row.url,
    format: row.format,
    secretSealed: row.secret_sealed,
  };
}

export interface AttemptRecord {
  deliveryId: string;
  webhookId: string;
  delivered: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  retryFirstDelaySeconds: number;
}

/**
 * Records an attempt: delivered, or waiting for its next try (the delay doubling from the first,
 * never past its day), or failed once the day is over. Answers the webhook's failures in a row, or
 * undefined when the delivery was no longer waiting (redelivered or failed meanwhile).
 */
export async function recordAttempt(db: DbOrTx, attempt: AttemptRecord): Promise<number | undefined> {
  const retryFor = sql`make_interval(hours => ${WEBHOOK_LIMITS.retryForHours})`;
  const giveUpAt = sql`coalesce(d.give_up_at, now() + ${retryFor})`;
  const updated = await db.execute(sql`
    UPDATE ${webhookDeliveries} d SET
      attempts = d.attempts + 1,
      last_attempt_at = now(),
      last_status_code = ${attempt.statusCode},
      last_error = ${attempt.error},
      duration_ms = ${attempt.durationMs},
      give_up_at = ${giveUpAt},
      status = CASE WHEN ${attempt.delivered} THEN 'delivered' WHEN ${giveUpAt} <= now() THEN 'failed' ELSE 'pending' END,
      next_attempt_at = least(
        now() + make_interval(secs => ${attempt.retryFirstDelaySeconds}::float8 * power(2, least(d.attempts, 30))),
        ${giveUpAt})
    WHERE d.id = ${attempt.deliveryId} AND d.status = 'pending'`);
  if ((updated.rowCount ?? 0) === 0) return undefined;
  const { rows } = await db.execute<{ consecutive_failures: number }>(sql`
    UPDATE ${webhooks} SET consecutive_failures = CASE WHEN ${attempt.delivered} THEN 0 ELSE consecutive_failures + 1 END
    WHERE id = ${attempt.webhookId}
    RETURNING consecutive_failures`);
  return rows[0]?.consecutive_failures;
}

/** Turns the webhook off with `reason`, when it is on; answers whether this call did. */
export async function turnOff(
  db: DbOrTx,
  webhookId: string,
  reason: string,
): Promise<WebhookRow | undefined> {
  const [row] = await db
    .update(webhooks)
    .set({ active: false, disabledReason: reason, updatedAt: new Date() })
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.active, true)))
    .returning();
  return row;
}

/**
 * Deletes up to `limit` events older than WEBHOOK_LIMITS.keepDays none of whose deliveries still
 * waits (their deliveries go with them); answers how many.
 */
export async function pruneOldEvents(db: DbOrTx, limit: number): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM ${webhookEvents} e
    WHERE e.id IN (
      SELECT old.id FROM ${webhookEvents} old
      WHERE old.occurred_at < now() - make_interval(days => ${WEBHOOK_LIMITS.keepDays})
        AND NOT EXISTS (
          SELECT 1 FROM ${webhookDeliveries} d WHERE d.event_id = old.id AND d.status = 'pending')
      LIMIT ${limit})`);
  return result.rowCount ?? 0;
}
