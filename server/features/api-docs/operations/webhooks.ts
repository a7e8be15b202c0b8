import { z } from 'zod';
import { uuidParam } from '@shared/contracts/common';
import {
  createWebhookResponseSchema,
  createWebhookSchema,
  updateWebhookSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryResponseSchema,
  webhookResponseSchema,
  webhookSecretResponseSchema,
  webhooksResponseSchema,
} from '@shared/contracts/webhooks';
import { created, json, noContent, type ApiArea } from '../operation';

const idParams = z.object({ id: uuidParam });

export const WEBHOOKS: ApiArea = {
  tag: 'Webhooks',
  description:
    'Signed HTTP callbacks to other systems when something happens (admins). What is delivered is in the document’s `webhooks`.',
  operations: [
    {
      method: 'GET',
      path: '/api/webhooks',
      access: 'admin',
      summary: 'List webhooks',
      answer: json(webhooksResponseSchema, 'The webhooks (never their secrets)'),
    },
    {
      method: 'POST',
      path: '/api/webhooks',
      access: 'admin',
      summary: 'Create a webhook',
      description:
        'The URL follows the connection tests’ rules: no loopback or link-local address unless the server allows it. The signing secret is in this answer only.',
      body: createWebhookSchema,
      answer: created(createWebhookResponseSchema, 'The webhook and its signing secret'),
      errors: [409],
    },
    {
      method: 'PUT',
      path: '/api/webhooks/:id',
      access: 'admin',
      summary: 'Change a webhook',
      params: idParams,
      body: updateWebhookSchema,
      answer: json(webhookResponseSchema, 'The webhook as saved'),
    },
    {
      method: 'DELETE',
      path: '/api/webhooks/:id',
      access: 'admin',
      summary: 'Delete a webhook',
      params: idParams,
      answer: noContent('Deleted'),
    },
    {
      method: 'POST',
      path: '/api/webhooks/:id/rotate-secret',
      access: 'admin',
      summary: 'Give a webhook a new signing secret',
      params: idParams,
      answer: json(webhookSecretResponseSchema, 'The new secret, in this answer only'),
    },
    {
      method: 'GET',
      path: '/api/webhooks/:id/deliveries',
      access: 'admin',
      summary: 'A webhook’s deliveries, newest first',
      params: idParams,
      query: webhookDeliveriesQuerySchema,
      answer: json(webhookDeliveriesResponseSchema, 'One page of deliveries'),
    },
    {
      method: 'POST',
      path: '/api/webhooks/:id/deliveries/:deliveryId/redeliver',
      access: 'admin',
      summary: 'Deliver an event again',
      params: z.object({ id: uuidParam, deliveryId: uuidParam }),
      answer: json(webhookDeliveryResponseSchema, 'Queued again (same delivery id)', 202),
    },
    {
      method: 'POST',
      path: '/api/webhooks/:id/test',
      access: 'admin',
      summary: 'Send a ping',
      params: idParams,
      answer: json(webhookDeliveryResponseSchema, 'The ping, queued', 202),
    },
  ],
};
