import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  createTicketFieldSchema,
  updateTicketFieldSchema,
  type TicketFieldResponse,
  type TicketFieldsResponse,
} from '@shared/contracts/ticket-fields';
import { idSchema } from '@shared/contracts/tickets';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validate';
import { currentUser, requireAdmin, requireAuth } from '../../middleware/require-auth';
import * as service from './ticket-fields.service';

const idParams = z.object({ id: idSchema });

const actorOf = (req: Request): service.FieldsActor => ({ actorId: currentUser(req).id, ip: req.ip ?? null });

/**
 * Custom ticket fields (issue 38, shared/contracts/ticket-fields.ts): every signed-in user reads them
 * (the forms, the filters), admins define them. There is no DELETE: a field is deactivated.
 */
export function ticketFieldsRoutes(deps: { db: Database }) {
  const { db } = deps;
  const auth = requireAuth(db);
  const router = Router();

  router.get('/ticket-fields', auth, async (_req, res) => {
    res.json({ fields: await service.listFields(db) } satisfies TicketFieldsResponse);
  });

  router.post('/ticket-fields', auth, requireAdmin, async (req, res) => {
    const input = parseInput(createTicketFieldSchema, req.body);
    const field = await service.createField(db, input, actorOf(req));
    res.status(201).json({ field } satisfies TicketFieldResponse);
  });

  router.put('/ticket-fields/:id', auth, requireAdmin, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const input = parseInput(updateTicketFieldSchema, req.body);
    const field = await service.updateField(db, id, input, actorOf(req));
    res.json({ field } satisfies TicketFieldResponse);
  });

  return router;
}
