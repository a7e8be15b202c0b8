import { Router } from 'express';
import { z } from 'zod';
import { bulkMergeTicketsSchema, mergeTicketSchema } from '@shared/contracts/ticket-merge';
import { idSchema, type TicketResponse } from '@shared/contracts/tickets';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validate';
import { assertTicketsVisible } from '../../core/tickets/ticket-visibility';
import { callerHiddenGroups } from '../../middleware/group-visibility';
import { currentUser, requireAuth } from '../../middleware/require-auth';
import * as service from './ticket-merge.service';

const idParams = z.object({ id: idSchema });

/** POST /api/tickets/:id/merge and POST /api/tickets/merge: both answer the target. */
export function ticketMergeRoutes(deps: { db: Database }) {
  const { db } = deps;
  const auth = requireAuth(db);
  const router = Router();

  router.post('/tickets/merge', auth, async (req, res) => {
    const input = parseInput(bulkMergeTicketsSchema, req.body);
    await assertTicketsVisible(db, await callerHiddenGroups(db, req), [...input.ticketIds, input.targetId]);
    const ticket = await service.bulkMergeTickets(db, input, currentUser(req));
    res.json({ ticket } satisfies TicketResponse);
  });

  router.post('/tickets/:id/merge', auth, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const { targetId } = parseInput(mergeTicketSchema, req.body);
    await assertTicketsVisible(db, await callerHiddenGroups(db, req), [targetId]);
    const ticket = await service.mergeTickets(db, [id], targetId, currentUser(req));
    res.json({ ticket } satisfies TicketResponse);
  });

  return router;
}
