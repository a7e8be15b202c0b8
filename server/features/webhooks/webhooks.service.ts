/**
 * Managing webhooks (issue 43, admins): the URL checked against the SSRF rule when saved (and again at
 * every delivery), the secret made here, sealed at rest and answered only when made or rotated.
 */
import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  type CreateWebhookInput,
  type CreateWebhookResponse,
  type UpdateWebhookInput,
  type Webhook,
  type WebhookDeliveriesQuery,
  type WebhookDeliveriesResponse,
  type WebhookDelivery,
} from '@shared/contracts/webhooks';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { TokenCipher } from '../../lib/token-cipher';
import { isRefusedMailHost } from '../../mail/mail-server-address';
import { recordDeliveryTo } from '../../core/webhooks/webhook-events.repository';
import { newWebhookSecret, secretContext } from './webhook-signature';
import { toDelivery, toWebhook } from './webhooks.mapper';
import * as repository from './webhooks.repository';

export interface WebhooksDeps {
  db: Database;
  cipher: TokenCipher;
  allowLoopbackHosts: boolean;
}

const DNS_TIMEOUT_MS = 5_000;

/** Refuses a URL on this machine or link-local (unless allowed), as the mail connections do. */
async function checkUrl(deps: WebhooksDeps, url: string): Promise<void> {
  const policy = { allowLoopbackHosts: deps.allowLoopbackHosts };
  if (await isRefusedMailHost(new URL(url).hostname, policy, DNS_TIMEOUT_MS)) {
    throw badRequest(WEBHOOK_MESSAGES.urlNotAllowed, { url: [WEBHOOK_MESSAGES.urlNotAllowed] });
  }
}

async function existing(deps: WebhooksDeps, id: string) {
  const row = await repository.findWebhook(deps.db, id);
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  return row;
}

export async function listWebhooks(deps: WebhooksDeps): Promise<Webhook[]> {
  return (await repository.listWebhooks(deps.db)).map(toWebhook);
}

export async function createWebhook(
  deps: WebhooksDeps,
  userId: string,
  input: CreateWebhookInput,
): Promise<CreateWebhookResponse> {
  await checkUrl(deps, input.url);
  if ((await repository.countWebhooks(deps.db)) >= WEBHOOK_LIMITS.count)
    throw conflict(WEBHOOK_MESSAGES.tooMany);
  const id = randomUUID();
  const secret = newWebhookSecret();
  const row = await repository.insertWebhook(deps.db, {
    id,
    url: input.url,
    events: input.events,
    active: input.active,
    format: input.format,
    secretSealed: deps.cipher.seal(secret, secretContext(id)),
    createdBy: userId,
  });
  return { webhook: toWebhook(row), secret };
}

export async function updateWebhook(
  deps: WebhooksDeps,
  id: string,
  input: UpdateWebhookInput,
): Promise<Webhook> {
  await existing(deps, id);
  if (input.url !== undefined) await checkUrl(deps, input.url);
  const row = await deps.db.transaction(async (tx) => {
    const updated = await repository.updateWebhook(tx, id, input);
    // Turned off: what waits is failed now, so nothing old goes out when it is turned on again.
    if (updated && input.active === false) await repository.failPendingDeliveries(tx, id);
    return updated;
  });
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  return toWebhook(row);
}

export async function deleteWebhook(deps: WebhooksDeps, id: string): Promise<void> {
  if (!(await repository.deleteWebhook(deps.db, id))) throw notFound(WEBHOOK_MESSAGES.notFound);
}

/** A new secret; the old one stops signing at once. */
export async function rotateSecret(deps: WebhooksDeps, id: string): Promise<string> {
  const secret = newWebhookSecret();
  const row = await repository.updateWebhook(deps.db, id, {
    secretSealed: deps.cipher.seal(secret, secretContext(id)),
  });
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  return secret;
}

export async function listDeliveries(
  deps: WebhooksDeps,
  id: string,
  query: WebhookDeliveriesQuery,
): Promise<WebhookDeliveriesResponse> {
  await existing(deps, id);
  const rows = await repository.listDeliveries(deps.db, id, { limit: query.limit + 1, before: query.before });
  return { deliveries: rows.slice(0, query.limit).map(toDelivery), hasMore: rows.length > query.limit };
}

async function deliveryOf(deps: WebhooksDeps, id: string, deliveryId: string): Promise<WebhookDelivery> {
  const row = await repository.findDelivery(deps.db, id, deliveryId);
  if (!row) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
  return toDelivery(row);
}

/** Sends a delivery again, with its own id, after what is already waiting. */
export async function redeliver(
  deps: WebhooksDeps,
  id: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  await existing(deps, id);
  const requeued = await deps.db.transaction((tx) => repository.requeueDelivery(tx, id, deliveryId));
  if (!requeued) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
  return deliveryOf(deps, id, deliveryId);
}

/** Send Test: a `ping` to this webhook, through its queue like every event. */
export async function sendPing(deps: WebhooksDeps, id: string): Promise<WebhookDelivery> {
  await existing(deps, id);
  const deliveryId = await deps.db.transaction((tx) => recordDeliveryTo(tx, id, 'ping', { webhookId: id }));
  if (!deliveryId) throw notFound(WEBHOOK_MESSAGES.notFound);
  return deliveryOf(deps, id, deliveryId);
}
