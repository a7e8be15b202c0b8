import { Router } from 'express';
import { z } from 'zod';
import { idSchema } from '@shared/contracts/tickets';
import {
  CLOSE_TICKET_REQUIRED_FIELDS,
  TIME_MESSAGES,
  closeTicketSchema,
  missingCloseTicketFields,
} from '@shared/contracts/time';
import type { Database } from '../../db/client';
import type { HarvestServices } from '../../harvest/sync/harvest-services';
import { badRequest } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { currentUser, requireAuth } from '../../middleware/require-auth';
import * as closeTicketService from './close-ticket.service';

const ticketParamsSchema = z.object({ id: idSchema });

/** The spec's "Missing Information" message, naming the fields that are missing. */
function missingInformation(fields: (keyof typeof CLOSE_TICKET_REQUIRED_FIELDS)[]) {
  return badRequest(
    `${TIME_MESSAGES.missingInformation} (missing: ${fields.join(', ')})`,
    Object.fromEntries(
      fields.map((field) => [field, [`Please fill in ${CLOSE_TICKET_REQUIRED_FIELDS[field]}`]]),
    ),
  );
}

export function closeTicketRoutes(deps: { db: Database; harvest: HarvestServices }) {
  const router = Router();

  router.post('/tickets/:id/close', requireAuth(deps.db), async (req, res) => {
    const { id } = parseInput(ticketParamsSchema, req.params);
    const missing = missingCloseTicketFields(req.body);
    if (missing.length > 0) throw missingInformation(missing);
    const input = parseInput(closeTicketSchema, req.body);
    res.json(await closeTicketService.closeTicket(deps, id, input, currentUser(req)));
  });

  return router;
}
