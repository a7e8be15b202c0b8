/**
 * What a webhook POSTs (OpenAPI 3.1's top-level `webhooks`): one entry per event, its body the
 * envelope of shared/contracts/webhooks.ts around that event's `data`, with the headers and the
 * signature recipe a receiver checks; and one for the `slack` format's `{text}`.
 */
import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from 'zod-openapi';
import {
  slackPayloadSchema,
  WEBHOOK_DELIVERY_EVENTS,
  WEBHOOK_HEADERS,
  WEBHOOK_LIMITS,
  webhookPayloadSchema,
} from '@shared/contracts/webhooks';

const RECIPE =
  `Each delivery is a POST with \`Content-Type: application/json\` and three headers. The signature's v1 is ` +
  'the hex HMAC-SHA256 of `<t>.<raw body>` with the webhook’s secret: recompute it over the raw body, compare ' +
  `in constant time, and refuse an old \`t\`. Answer any 2xx within ${WEBHOOK_LIMITS.timeoutSeconds} s; anything ` +
  `else is retried with doubling delays for ${WEBHOOK_LIMITS.retryForHours} hours, and a webhook whose ` +
  `${WEBHOOK_LIMITS.failuresBeforeOff} deliveries in a row failed is turned off. One webhook's deliveries keep ` +
  'the order of its events. A redirect is not followed.';

const headers = (event: string) =>
  z.object({
    [WEBHOOK_HEADERS.event]: z.literal(event),
    [WEBHOOK_HEADERS.delivery]: z.uuid().meta({ description: 'The delivery’s id, the same on every retry' }),
    [WEBHOOK_HEADERS.signature]: z
      .string()
      .regex(/^t=\d+,v1=[0-9a-f]{64}$/)
      .meta({ description: '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`' }),
  });

const RESPONSES = {
  '2XX': { description: 'Delivered' },
  default: { description: 'Not delivered: tried again later' },
} as const;

const delivery = (
  event: string,
  schema: z.ZodType,
  summary: string,
  description: string,
): ZodOpenApiOperationObject => ({
  operationId: `webhook-${event}`,
  summary,
  description,
  tags: ['Webhooks'],
  requestParams: { header: headers(event) },
  requestBody: { required: true, content: { 'application/json': { schema } } },
  responses: RESPONSES,
});

export const WEBHOOK_PAYLOADS: ZodOpenApiPathsObject = {
  ...Object.fromEntries(
    WEBHOOK_DELIVERY_EVENTS.map((event) => [
      event,
      { post: delivery(event, webhookPayloadSchema(event), `The ${event} event`, RECIPE) },
    ]),
  ),
  slack: {
    post: {
      operationId: 'webhook-slack',
      summary: 'Any event, to a webhook in the slack format',
      description:
        'What a Slack or Teams incoming webhook expects: one line of text saying what happened, with a link to the ticket. No signature header.',
      tags: ['Webhooks'],
      requestBody: { required: true, content: { 'application/json': { schema: slackPayloadSchema } } },
      responses: RESPONSES,
    },
  },
};
