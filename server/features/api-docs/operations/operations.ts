import { z } from 'zod';
import {
  inboundDuplicateSchema,
  inboundEmailSchema,
  inboundIgnoredSchema,
  inboundNoteAppendedSchema,
  inboundTicketCreatedSchema,
} from '@shared/contracts/inbound';
import type { ApiArea } from '../operation';

/** What the probes answer (server/observability/health.ts): no contract of their own, one field. */
const probeAnswer = z.object({ status: z.enum(['ok', 'unavailable']) });

export const OPERATIONS: ApiArea = {
  tag: 'Operations',
  description:
    'Health probes, the Prometheus scrape and the mail pipeline’s webhook: for machines, outside the app.',
  operations: [
    {
      method: 'GET',
      path: '/healthz',
      access: 'public',
      summary: 'Liveness',
      answer: {
        kind: 'json',
        status: 200,
        schema: probeAnswer,
        description: '`{"status":"ok"}` while the process runs',
      },
    },
    {
      method: 'GET',
      path: '/readyz',
      access: 'public',
      summary: 'Readiness',
      description: 'Answers 503 `{"status":"unavailable"}` while the database is away or behind this build.',
      answer: { kind: 'json', status: 200, schema: probeAnswer, description: 'Ready for traffic' },
      errors: [503],
    },
    {
      method: 'GET',
      path: '/api/openapi.json',
      access: 'public',
      summary: 'This document',
      description:
        'OpenAPI 3.1, generated from the contracts the routes parse with; rendered for people at /api-docs.',
      answer: {
        kind: 'content',
        status: 200,
        description: 'The OpenAPI document',
        content: {
          'application/json': { schema: { type: 'object', required: ['openapi', 'info', 'paths'] } },
        },
      },
    },
    {
      method: 'GET',
      path: '/metrics',
      access: 'metrics',
      summary: 'Prometheus metrics',
      answer: {
        kind: 'content',
        status: 200,
        description: 'The Prometheus text format',
        content: { 'text/plain': { schema: { type: 'string' } } },
      },
    },
    {
      method: 'POST',
      path: '/api/inbound/email',
      access: 'bearer',
      summary: 'Hand an incoming email to the help desk',
      description:
        'A new ticket (201), a reply joining its ticket or a message seen before (200), or an auto-reply, loop or bounce acknowledged and ignored (202). JSON, or the raw message as message/rfc822.',
      body: inboundEmailSchema,
      bodyContent: { 'message/rfc822': { schema: { type: 'string' } } },
      answer: {
        kind: 'json',
        status: 201,
        schema: inboundTicketCreatedSchema,
        description: 'A new ticket',
        others: [
          {
            status: 200,
            schema: z.union([inboundNoteAppendedSchema, inboundDuplicateSchema]),
            description: 'Added to its ticket’s conversation, or delivered before',
          },
          { status: 202, schema: inboundIgnoredSchema, description: 'Acknowledged and ignored' },
        ],
      },
      errors: [413, 429, 503],
    },
  ],
};
