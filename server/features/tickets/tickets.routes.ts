import { Router } from 'express';
import { z } from 'zod';
import {
  addNoteSchema,
  bulkDeleteTicketsSchema,
  bulkUpdateTicketsSchema,
  checkUpdatesQuerySchema,
  createTicketSchema,
  idSchema,
  ticketListQuerySchema,
  updateTicketSchema,
  type TicketResponse,
} from '@shared/contracts/tickets';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validate';
import { pollCache } from '../../middleware/poll-cache';
import { currentUser, requireAuth } from '../../middleware/require-auth';
import { ticketActivity } from './ticket-activity.service';
import * as ticketsService from './tickets.service';

const ticketParamsSchema = z.object({ id: idSchema });

export function ticketsRoutes(deps: { db: Database; config: AppConfig }) {
  const { db } = deps;
  const auth = requireAuth(db);
  const router = Router();

  // Every signed-in user sees every ticket, so one answer per URL serves them all.
  router.get('/tickets', auth, pollCache(), async (req, res) => {
    const filters = parseInput(ticketListQuerySchema, req.query);
    res.json(await ticketsService.listTickets(db, filters));
  });

  router.post('/tickets', auth, async (req, res) => {
    const input = parseInput(createTicketSchema, req.body);
    const ticket = await ticketsService.createTicket(db, input, currentUser(req).id);
    res.status(201).json({ ticket } satisfies TicketResponse);
  });

  // The bulk routes come before /tickets/:id, which would otherwise take "bulk" for an id.
  router.patch('/tickets/bulk', auth, async (req, res) => {
    const input = parseInput(bulkUpdateTicketsSchema, req.body);
    res.json(await ticketsService.bulkUpdateTickets(db, input, currentUser(req)));
  });

  router.delete('/tickets/bulk', auth, async (req, res) => {
    const input = parseInput(bulkDeleteTicketsSchema, req.body);
    res.json(await ticketsService.bulkDeleteTickets(db, input));
  });

  router.get('/tickets/:id', auth, async (req, res) => {
    const { id } = parseInput(ticketParamsSchema, req.params);
    res.json({ ticket: await ticketsService.getTicket(db, id) } satisfies TicketResponse);
  });

  router.put('/tickets/:id', auth, async (req, res) => {
    const { id } = parseInput(ticketParamsSchema, req.params);
    const input = parseInput(updateTicketSchema, req.body);
    // The caller's name too: new notes in the list must be signed with it.
    const ticket = await ticketsService.updateTicket(db, id, input, currentUser(req));
    res.json({ ticket } satisfies TicketResponse);
  });

  router.delete('/tickets/:id', auth, async (req, res) => {
    const { id } = parseInput(ticketParamsSchema, req.params);
    await ticketsService.deleteTicket(db, id);
    res.status(204).end();
  });

  router.post('/tickets/:id/notes', auth, async (req, res) => {
    const { id } = parseInput(ticketParamsSchema, req.params);
    const { text } = parseInput(addNoteSchema, req.body);
    const ticket = await ticketsService.addNote(db, id, text, currentUser(req));
    res.status(201).json({ ticket } satisfies TicketResponse);
  });

  // The ticket's history, oldest first (issue 26).
  router.get('/tickets/:id/activity', auth, async (req, res) => {
    const { id } = parseInput(ticketParamsSchema, req.params);
    res.json(await ticketActivity(db, id));
  });

  router.get('/tickets/:id/check-updates', auth, async (req, res) => {
    const { id } = parseInput(ticketParamsSchema, req.params);
    const { since } = parseInput(checkUpdatesQuerySchema, req.query);
    res.json(await ticketsService.checkForUpdates(db, id, since, currentUser(req).id));
  });

  return router;
}
