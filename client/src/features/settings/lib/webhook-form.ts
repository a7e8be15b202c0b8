import {
  createWebhookSchema,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookEvent,
  type WebhookFormat,
} from '@shared/contracts/webhooks';

/** The Add Webhook / Edit Webhook dialog's values. */
export interface WebhookDraft {
  url: string;
  events: WebhookEvent[];
  active: boolean;
  format: WebhookFormat;
}

export type WebhookField = keyof WebhookDraft;
const FIELDS: readonly WebhookField[] = ['url', 'events', 'active', 'format'];
export const isWebhookField = (path: string): path is WebhookField =>
  (FIELDS as readonly string[]).includes(path);

/** The dialog's values for `webhook`, or a new one's (on, signed JSON, no event chosen yet). */
export function webhookDraftOf(webhook: Webhook | null): WebhookDraft {
  if (!webhook) return { url: '', events: [], active: true, format: 'json' };
  return { url: webhook.url, events: [...webhook.events], active: webhook.active, format: webhook.format };
}

/** The events after ticking or unticking one, in the contract's order (as the server keeps them). */
export function withEvent(
  events: readonly WebhookEvent[],
  event: WebhookEvent,
  chosen: boolean,
): WebhookEvent[] {
  return WEBHOOK_EVENTS.filter((each) => (each === event ? chosen : events.includes(each)));
}

/** The All Events box: ticked when every event is, half-ticked when some are. */
export function allEventsState(events: readonly WebhookEvent[]): boolean | 'indeterminate' {
  const chosen = WEBHOOK_EVENTS.filter((event) => events.includes(event)).length;
  if (chosen === 0) return false;
  return chosen === WEBHOOK_EVENTS.length ? true : 'indeterminate';
}

/** Ticking All Events chooses every event; unticking it (or a half-ticked one clicked) chooses none. */
export const withAllEvents = (chosen: boolean): WebhookEvent[] => (chosen ? [...WEBHOOK_EVENTS] : []);

/**
 * The contract's own check of the draft, before anything is sent: the first message for each field,
 * as the server would put it beside the field (decision 120). Empty when the draft can be sent.
 */
export function webhookDraftErrors(draft: WebhookDraft): Partial<Record<WebhookField, string>> {
  const parsed = createWebhookSchema.safeParse(draft);
  if (parsed.success) return {};
  const errors: Partial<Record<WebhookField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (isWebhookField(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * What an edit sends (PUT takes any subset): only the fields that changed, the URL trimmed as the
 * server keeps it. An unchanged URL is not sent, so the server does not check its address again.
 * Null when nothing changed.
 */
export function webhookChanges(webhook: Webhook, draft: WebhookDraft): Partial<WebhookDraft> | null {
  const changes: Partial<WebhookDraft> = {};
  const url = draft.url.trim();
  if (url !== webhook.url) changes.url = url;
  const events = WEBHOOK_EVENTS.filter((event) => draft.events.includes(event));
  if (events.length !== webhook.events.length || events.some((event) => !webhook.events.includes(event))) {
    changes.events = events;
  }
  if (draft.active !== webhook.active) changes.active = draft.active;
  if (draft.format !== webhook.format) changes.format = draft.format;
  return Object.keys(changes).length > 0 ? changes : null;
}
