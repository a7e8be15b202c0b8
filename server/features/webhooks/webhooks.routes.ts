import { Router } from 'express';
import { z } from 'zod';
import { uuidParam } from '@shared/contracts/common';
import {
  createWebhookSchema,
  updateWebhookSchema,
  webhookDeliveriesQuerySchema,
  type CreateWebhookResponse,
  type WebhookDeliveriesResponse,
  type WebhookDeliveryResponse,
  type WebhookResponse,
  type WebhookSecretResponse,
  type WebhooksResponse,
} from '@shared/contracts/webhooks';
import { parseInput } from '../../lib/validate';
import { currentUser, requireAdmin, requireAuth } from '../../middleware/require-auth';
import * as service from './webhooks.service';

const idParams = z.object({ id: uuidParam });
const deliveryParams = z.object({ id: uuidParam, deliveryId: uuidParam });

/**
 * Webhooks (issue 43), admins only: the list, create (the secret answered once), change, delete,
 * rotate the secret, the deliveries with redelivery, and Send Test. An admin's write-scoped API token
 * reaches them too: a script may manage its own webhooks.
 */
export function webhooksRoutes(deps: service.WebhooksDeps) {
  const auth = requireAuth(deps.db);
  const router = Router();
  router.use('/webhooks', auth, requireAdmin);

  router.get('/webhooks', async (_req, res) => {
    res.json({ webhooks: await service.listWebhooks(deps) } satisfies WebhooksResponse);
  });

  router.post('/webhooks', async (req, res) => {
    const input = parseInput(createWebhookSchema, req.body);
    const created = await service.createWebhook(deps, currentUser(req).id, input);
    res
      .status(201)
      .set('Cache-Control', 'no-store')
      .json(created satisfies CreateWebhookResponse);
  });

  router.put('/webhooks/:id', async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const input = parseInput(updateWebhookSchema, req.body);
    res.json({ webhook: await service.updateWebhook(deps, id, input) } satisfies WebhookResponse);
  });

  router.delete('/webhooks/:id', async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    await service.deleteWebhook(deps, id);
    res.status(204).end();
  });

  router.post('/webhooks/:id/rotate-secret', async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const secret = await service.rotateSecret(deps, id);
    res.set('Cache-Control', 'no-store').json({ secret } satisfies WebhookSecretResponse);
  });

  router.get('/webhooks/:id/deliveries', async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const query = parseInput(webhookDeliveriesQuerySchema, req.query);
    res.json((await service.listDeliveries(deps, id, query)) satisfies WebhookDeliveriesResponse);
  });

  router.post('/webhooks/:id/deliveries/:deliveryId/redeliver', async (req, res) => {
    const { id, deliveryId } = parseInput(deliveryParams, req.params);
    const delivery = await service.redeliver(deps, id, deliveryId);
    res.status(202).json({ delivery } satisfies WebhookDeliveryResponse);
  });

  router.post('/webhooks/:id/test', async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const delivery = await service.sendPing(deps, id);
    res.status(202).json({ delivery } satisfies WebhookDeliveryResponse);
  });

  return router;
}
