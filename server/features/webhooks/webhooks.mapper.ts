import type {
  Webhook,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEvent,
  WebhookFormat,
} from '@shared/contracts/webhooks';
import type { DeliveryRow, WebhookRow } from './webhooks.repository';

/** A webhook as every answer shows it: never its secret. */
export const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEvent[],
  active: row.active,
  format: row.format as WebhookFormat,
  createdAt: row.createdAt.toISOString(),
  disabledReason: row.disabledReason,
});

/** Waiting, whether tried yet or not, is "retrying" to the API: it will be tried (again). */
const STATUS: Record<string, WebhookDeliveryStatus> = {
  pending: 'retrying',
  delivered: 'delivered',
  failed: 'failed',
};

export const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  event: row.event,
  status: STATUS[row.status] ?? 'retrying',
  attempts: row.attempts,
  lastStatusCode: row.lastStatusCode,
  lastError: row.lastError,
  durationMs: row.durationMs,
  at: (row.lastAttemptAt ?? row.occurredAt).toISOString(),
});
