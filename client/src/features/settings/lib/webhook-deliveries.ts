import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookDeliveryEvent,
  type WebhookEvent,
} from '@shared/contracts/webhooks';
import { DELIVERY_STATUS_LABELS, EXTRA_DELIVERY_EVENT_LABELS, WEBHOOKS_TEXTS as T } from './webhooks-texts';

/** While something is on its way, the deliveries are read again this often. */
export const DELIVERIES_POLL_MS = 2_000;
/** After Send Test or Redeliver, the deliveries are read again for this long whatever they show. */
export const DELIVERIES_BURST_MS = 6_000;
/** Events shown by name in a webhook's row; the rest are counted. */
const EVENTS_SHOWN = 3;

export const deliveryEventLabel = (event: WebhookDeliveryEvent): string =>
  event === 'ping' || event === 'rule.matched'
    ? EXTRA_DELIVERY_EVENT_LABELS[event]
    : WEBHOOK_EVENT_LABELS[event];

export type DeliveryState = keyof typeof DELIVERY_STATUS_LABELS;

/** The API's "retrying" covers a delivery not tried yet: that one is "Sending", not "Retrying". */
export const deliveryState = (delivery: Pick<WebhookDelivery, 'status' | 'attempts'>): DeliveryState =>
  delivery.status === 'retrying' && delivery.attempts === 0 ? 'sending' : delivery.status;

export const DELIVERY_BADGE: Record<DeliveryState, 'green' | 'yellow' | 'blue' | 'red'> = {
  delivered: 'green',
  retrying: 'yellow',
  sending: 'blue',
  failed: 'red',
};

/** What the receiver last answered: its status code, the error, both ("500 · Internal error"), or a dash. */
export function deliveryResponse(delivery: Pick<WebhookDelivery, 'lastStatusCode' | 'lastError'>): string {
  const parts = [delivery.lastStatusCode?.toString(), delivery.lastError?.trim() || undefined].filter(
    Boolean,
  );
  return parts.length > 0 ? parts.join(' · ') : T.noResponse;
}

/** "85 ms", "1.2 s", "10 s", or a dash when no attempt was timed. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return T.noResponse;
  if (ms < 1_000) return `${ms} ms`;
  const seconds = ms / 1_000;
  return `${seconds < 10 ? seconds.toFixed(1).replace(/\.0$/, '') : Math.round(seconds)} s`;
}

/**
 * How often to read the deliveries again: every 2 s while one is on its way (sending or retrying) or
 * until `burstUntil` (a few seconds after Send Test or Redeliver); otherwise not at all.
 */
export function deliveriesPollInterval(
  deliveries: readonly Pick<WebhookDelivery, 'status'>[],
  burstUntil: number,
  now: number,
): number | false {
  if (now < burstUntil) return DELIVERIES_POLL_MS;
  return deliveries.some((delivery) => delivery.status === 'retrying') ? DELIVERIES_POLL_MS : false;
}

/**
 * The loaded pages as one list, newest first. A redelivered delivery moves to the top of the order, so
 * a page read before it moved may still hold it lower down: it shows once, where it is now.
 */
export function loadedDeliveries(pages: readonly { deliveries: WebhookDelivery[] }[]): WebhookDelivery[] {
  const seen = new Set<string>();
  return pages
    .flatMap((page) => page.deliveries)
    .filter((delivery) => !seen.has(delivery.id) && Boolean(seen.add(delivery.id)));
}

/** Redeliver is offered once a delivery is done with (delivered or failed), not while it is on its way. */
export const canRedeliver = (delivery: Pick<WebhookDelivery, 'status'>) => delivery.status !== 'retrying';

/**
 * A webhook's events as a row shows them: "All events", or the first few names and how many more.
 * `all` is every name, for a screen reader and a tooltip.
 */
export function eventsSummary(events: readonly WebhookEvent[]): { shown: string; all: string } {
  const ordered = WEBHOOK_EVENTS.filter((event) => events.includes(event));
  const labels = ordered.map((event) => WEBHOOK_EVENT_LABELS[event]);
  if (ordered.length === WEBHOOK_EVENTS.length) return { shown: T.allEvents, all: T.allEvents };
  const all = labels.join(', ');
  if (labels.length <= EVENTS_SHOWN) return { shown: all, all };
  const first = labels.slice(0, EVENTS_SHOWN - 1).join(', ');
  return { shown: `${first} ${T.moreEvents(labels.length - (EVENTS_SHOWN - 1))}`, all };
}
