import { z } from 'zod';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../constants';
import { withoutNul } from './common';

/**
 * Webhooks (issue 43, docs/decisions/133-webhooks.md): an admin names a URL and the events it
 * wants; each event is recorded in the transaction of the change it reports and then POSTed, signed,
 * in order, retried for a day. Requests, answers and the payloads delivered are all zod here: the
 * OpenAPI document is generated from them. Plain zod only: the SPA imports this file.
 */

export const WEBHOOK_EVENTS = [
  'ticket.created',
  'ticket.updated',
  'ticket.closed',
  'ticket.deleted',
  'message.received',
  'reply.sent',
  'note.added',
  'loan.created',
  'loan.returned',
  'loan.overdue',
  'sla.warning',
  'sla.breached',
  'rating.received',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What a delivery can carry: a subscribed event, the Send Test's ping, or a rule's action. */
export const WEBHOOK_DELIVERY_EVENTS = [...WEBHOOK_EVENTS, 'ping', 'rule.matched'] as const;
export type WebhookDeliveryEvent = (typeof WEBHOOK_DELIVERY_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'ticket.created': 'Ticket created',
  'ticket.updated': 'Ticket updated',
  'ticket.closed': 'Ticket closed',
  'ticket.deleted': 'Ticket deleted',
  'message.received': 'Message received',
  'reply.sent': 'Reply sent',
  'note.added': 'Note added',
  'loan.created': 'Loan created',
  'loan.returned': 'Loan returned',
  'loan.overdue': 'Loan overdue',
  'sla.warning': 'SLA warning',
  'sla.breached': 'SLA breached',
  'rating.received': 'Rating received',
};

export const WEBHOOK_FORMATS = ['json', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
export const WEBHOOK_FORMAT_LABELS: Record<WebhookFormat, string> = {
  json: 'JSON (signed)',
  slack: 'Slack or Teams message',
};

export const WEBHOOK_DELIVERY_STATUSES = ['delivered', 'retrying', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_LIMITS = {
  url: 2_000,
  /** Webhooks one help desk may have: each event is one delivery per webhook. */
  count: 50,
  /** A 2xx within this long is delivered; anything slower is a failed attempt. */
  timeoutSeconds: 10,
  /** A failed delivery is retried, with doubling delays, for this long after its first attempt. */
  retryForHours: 24,
  /** This many failed attempts in a row, on any of its deliveries, turn the webhook off. */
  failuresBeforeOff: 20,
  deliveriesPage: 50,
  maxDeliveriesPage: 200,
  /** Deliveries delivered or failed this long ago are deleted, with their events. */
  keepDays: 30,
  /** The most of a receiver's answer kept as the delivery's last error. */
  errorText: 300,
} as const;

/** The headers of every delivery. */
export const WEBHOOK_HEADERS = {
  event: 'X-Helpdesk-Event',
  delivery: 'X-Helpdesk-Delivery',
  signature: 'X-Helpdesk-Signature',
} as const;

/** Every secret starts with this: a secret scanner (and a person) can tell it for what it is. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WEBHOOK_MESSAGES = {
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  tooMany: `There can be at most ${WEBHOOK_LIMITS.count} webhooks: delete one first`,
  urlNotAllowed: 'URL must not point to this machine or a link-local address',
  /** The notice every admin gets when a webhook is turned off. */
  turnedOff: (url: string) =>
    `Webhook turned off after ${WEBHOOK_LIMITS.failuresBeforeOff} failed deliveries: ${url}`,
  /** A delivery still waiting when its webhook was turned off. */
  offBeforeDelivery: 'The webhook was turned off before this was delivered',
  redirectNotFollowed: (status: number) => `Answered ${status} (a redirect is not followed)`,
  timedOut: `No answer within ${WEBHOOK_LIMITS.timeoutSeconds} s`,
} as const;

const urlField = z
  .string('URL is required')
  .trim()
  .min(1, 'URL is required')
  .max(WEBHOOK_LIMITS.url, `URL must be at most ${WEBHOOK_LIMITS.url} characters`)
  .refine(withoutNul, 'URL contains a character that cannot be stored')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'URL must be an http or https address without a user name or password');

const eventsField = z
  .array(z.enum(WEBHOOK_EVENTS, `Events must be some of: ${WEBHOOK_EVENTS.join(', ')}`), 'Events is required')
  .min(1, 'Events must name at least one event')
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)));

const formatField = z.enum(WEBHOOK_FORMATS, `Format must be one of: ${WEBHOOK_FORMATS.join(', ')}`);
const activeField = z.boolean('Active must be true or false');

/** POST /api/webhooks */
export const createWebhookSchema = z.object(
  {
    url: urlField,
    events: eventsField,
    active: activeField.optional().default(true),
    format: formatField.optional().default('json'),
  },
  { error: 'The body must be a JSON object' },
);
export type CreateWebhookInput = z.output<typeof createWebhookSchema>;

/** PUT /api/webhooks/{id}: the fields given are changed, the others kept. */
export const updateWebhookSchema = z
  .object(
    {
      url: urlField.optional(),
      events: eventsField.optional(),
      active: activeField.optional(),
      format: formatField.optional(),
    },
    { error: 'The body must be a JSON object' },
  )
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'Give at least one of url, events, active, format',
  });
export type UpdateWebhookInput = z.output<typeof updateWebhookSchema>;

/** GET /api/webhooks/{id}/deliveries */
export const webhookDeliveriesQuerySchema = z.object({
  limit: z.coerce
    .number('Limit must be a number')
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(WEBHOOK_LIMITS.maxDeliveriesPage, `Limit must be at most ${WEBHOOK_LIMITS.maxDeliveriesPage}`)
    .optional()
    .default(WEBHOOK_LIMITS.deliveriesPage),
  before: z.uuid('Before must be the id of a delivery').optional(),
});
export type WebhookDeliveriesQuery = z.output<typeof webhookDeliveriesQuerySchema>;

export const webhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  format: z.enum(WEBHOOK_FORMATS),
  createdAt: z.iso.datetime({ offset: true }),
  /** Why the help desk turned it off (null while on, or when an admin did). */
  disabledReason: z.string().nullable(),
});
export type Webhook = z.output<typeof webhookSchema>;

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  event: z.enum(WEBHOOK_DELIVERY_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** The last attempt, or when the event happened while none was made yet. */
  at: z.iso.datetime({ offset: true }),
});
export type WebhookDelivery = z.output<typeof webhookDeliverySchema>;

export const webhookResponseSchema = z.object({ webhook: webhookSchema });
export type WebhookResponse = z.output<typeof webhookResponseSchema>;
export const createWebhookResponseSchema = z.object({
  webhook: webhookSchema,
  /** The whole signing secret, in this answer only. */
  secret: z.string(),
});
export type CreateWebhookResponse = z.output<typeof createWebhookResponseSchema>;
export const webhooksResponseSchema = z.object({ webhooks: z.array(webhookSchema) });
export type WebhooksResponse = z.output<typeof webhooksResponseSchema>;
export const webhookSecretResponseSchema = z.object({ secret: z.string() });
export type WebhookSecretResponse = z.output<typeof webhookSecretResponseSchema>;
export const webhookDeliveriesResponseSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  hasMore: z.boolean(),
});
export type WebhookDeliveriesResponse = z.output<typeof webhookDeliveriesResponseSchema>;
export const webhookDeliveryResponseSchema = z.object({ delivery: webhookDeliverySchema });
export type WebhookDeliveryResponse = z.output<typeof webhookDeliveryResponseSchema>;

// ---- What is delivered -------------------------------------------------------------------------

const person = z.object({ name: z.string(), email: z.string() });

/** A ticket as every ticket event carries it: as it is after the change. */
export const webhookTicketSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  requester: person,
  assignee: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  group: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  closedAt: z.iso.datetime({ offset: true }).nullable(),
  /** The ticket in the app (PUBLIC_URL, or where the app listens). */
  url: z.string(),
});
export type WebhookTicket = z.output<typeof webhookTicketSchema>;

const fieldChange = z.object({ before: z.unknown(), after: z.unknown() });

export const webhookLoanSchema = z.object({
  id: z.uuid(),
  productType: z.string(),
  assetTag: z.string().nullable(),
  /** Loans keep the borrower's name, phone and office (no email). */
  borrower: z.object({ name: z.string(), phone: z.string(), officeNumber: z.string() }),
  checkoutDate: z.iso.date(),
  expectedReturnDate: z.iso.date(),
  /** The day it came back; null while out. */
  returnedOn: z.iso.date().nullable(),
  ticketId: z.uuid().nullable(),
});
export type WebhookLoan = z.output<typeof webhookLoanSchema>;

/** The `data` of each event. */
export const WEBHOOK_EVENT_DATA = {
  'ticket.created': z.object({ ticket: webhookTicketSchema }),
  'ticket.updated': z.object({
    ticket: webhookTicketSchema,
    /** Each field that changed ("status", "priority", "assignee", "group", "tags", "field:<key>"). */
    changes: z.record(z.string(), fieldChange),
  }),
  'ticket.closed': z.object({ ticket: webhookTicketSchema, hoursTracked: z.number() }),
  'ticket.deleted': z.object({ ticket: webhookTicketSchema }),
  'message.received': z.object({ ticket: webhookTicketSchema, from: person }),
  'reply.sent': z.object({ ticket: webhookTicketSchema, messageId: z.uuid() }),
  'note.added': z.object({ ticket: webhookTicketSchema, note: z.string() }),
  'loan.created': z.object({ loan: webhookLoanSchema }),
  'loan.returned': z.object({ loan: webhookLoanSchema }),
  'loan.overdue': z.object({ loan: webhookLoanSchema }),
  'sla.warning': z.object({
    ticket: webhookTicketSchema,
    target: z.enum(['first response', 'resolution']),
    dueAt: z.iso.datetime({ offset: true }),
  }),
  'sla.breached': z.object({
    ticket: webhookTicketSchema,
    target: z.enum(['first response', 'resolution']),
    dueAt: z.iso.datetime({ offset: true }),
  }),
  'rating.received': z.object({
    ticket: webhookTicketSchema,
    rating: z.enum(['good', 'bad']),
    comment: z.string().nullable(),
  }),
  ping: z.object({ webhookId: z.uuid() }),
  'rule.matched': z.object({
    rule: z.object({ id: z.uuid(), name: z.string() }),
    ticket: webhookTicketSchema,
  }),
} as const satisfies Record<WebhookDeliveryEvent, z.ZodType>;

export type WebhookEventData<E extends WebhookDeliveryEvent> = z.output<(typeof WEBHOOK_EVENT_DATA)[E]>;

/** The JSON body of a delivery: its id is the `X-Helpdesk-Delivery` header, the same on every retry. */
export const webhookPayloadSchema = <E extends WebhookDeliveryEvent>(event: E) =>
  z.object({
    id: z.uuid(),
    event: z.literal(event),
    occurredAt: z.iso.datetime({ offset: true }),
    data: WEBHOOK_EVENT_DATA[event],
  });

/** The `slack` format's body, as Slack and Teams incoming webhooks expect. */
export const slackPayloadSchema = z.object({ text: z.string() });
