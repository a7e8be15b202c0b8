/**
 * What a delivery POSTs: the signed JSON `{id, event, occurredAt, data}` (webhookPayloadSchema), or,
 * in the `slack` format, `{text}` as Slack and Teams incoming webhooks read it. The ticket's link is
 * stored as a path and made absolute here with the app's address.
 */
import type { WebhookDeliveryEvent, WebhookFormat } from '@shared/contracts/webhooks';
import { slackText } from './webhook-slack-text';

export interface StoredDelivery {
  id: string;
  event: WebhookDeliveryEvent;
  occurredAt: string;
  data: Record<string, unknown>;
}

/** `data` with its ticket's link made absolute. */
function withAbsoluteLinks(data: Record<string, unknown>, baseUrl: string): Record<string, unknown> {
  const ticket = data.ticket as { url?: unknown } | undefined;
  if (!ticket || typeof ticket.url !== 'string' || !ticket.url.startsWith('/')) return data;
  return { ...data, ticket: { ...ticket, url: `${baseUrl}${ticket.url}` } };
}

/** The body of a delivery in the webhook's format. */
export function deliveryBody(format: WebhookFormat, delivery: StoredDelivery, baseUrl: string): string {
  const data = withAbsoluteLinks(delivery.data, baseUrl);
  if (format === 'slack') return JSON.stringify({ text: slackText(delivery.event, data) });
  return JSON.stringify({ id: delivery.id, event: delivery.event, occurredAt: delivery.occurredAt, data });
}
