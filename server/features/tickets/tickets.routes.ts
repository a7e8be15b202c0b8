import { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  addNoteSchema,
  bulkDeleteTicketsSchema,
  bulkUpdateTicketsSchema,
  checkUpdatesQuerySchema,
  createTicketSchema,
  idSchema,
  ticketListQuerySchema,
  TICKET_MESSAGES,
  updateTicketSchema,
  type BulkDeleteTicketsResponse,
  type TicketResponse,
} from '@shared/contracts/tickets';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { forbidden } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { callerHiddenGroups, groupAudience } from '../../middleware/group-visibility';
import { pollCache } from '../../middleware/poll-cache';
import { assertTicketsVisible } from '../../core/tickets/ticket-visibility';
import { currentUser, requireAdmin, requireAuth } from '../../middleware/require-auth';
import { ticketActivity } from './ticket-activity.service';
import { markTicketSeen, withUnread, type SharedTicketListResponse, type TicketLooks } from './ticket-seen';
import * as trash from './ticket-trash.service';
import * as ticketsService from './tickets.service';

const ticketParamsSchema = z.object({ id: idSchema });
/** DELETE /api/tickets/:id?purge=true removes the ticket for good (admins); without it, to the Trash. */
const deleteQuerySchema = z.object({
  purge: z.enum(['true', 'false'], { error: 'Purge must be true or false' }).optional(),
});

/**
 * The Trash (`?deleted=true`) is for admins only, refused before the poll cache: the cache answers by
 * URL alone and must never hand an admin's Trash to an agent.
 */
function trashForAdminsOnly(req: Request, _res: Response, next: NextFunction) {
  if (req.query.deleted === 'true' && currentUser(req).role !== 'admin') {
    throw forbidden(TICKET_MESSAGES.trashForAdmins);
  }
  next();
}

export function ticketsRoutes(deps: { db: Database; config: AppConfig }) {
  const { db } = deps;
  const auth = requireAuth(db);
  const router = Router();

  // Every signed-in user who may see the same groups sees the same tickets, so one answer per URL
  // serves them all (issue 39: per set of private groups hidden); each caller's `unread` is added to
  // it per request (issue 26).
  // A fresh page brings the caller's looks with it, so its `unread` needs no statement of its own.
  const looksReadWithPage = new WeakMap<Request, TicketLooks>();
  const listCache = pollCache({
    audience: groupAudience(db),
    personalize: (req, body) =>
      withUnread(db, currentUser(req).id, body as SharedTicketListResponse, looksReadWithPage.get(req)),
  });
  router.get('/tickets', auth, trashForAdminsOnly, listCache, async (req, res) => {
    const filters = parseInput(ticketListQuerySchema, req.query);
    const { list, viewerLooks } = await ticketsService.listTickets(db, filters, {
      id: currentUser(req).id,
      hiddenGroupIds: await callerHiddenGroups(db, req),
    });
    looksReadWithPage.set(req, viewerLooks);
    res.json(list);
  });

  router.post('/tickets', auth, async (req, res) => {
    const input = parseInput(createTicketSchema, req.body);
    const ticket = await ticketsService.createTicket(db, input, currentUser(req));
    res.status(201).json({ ticket } satisfies TicketResponse);
  });

  // The bulk routes come before /tickets/:id, which would otherwise take "bulk" for an id.
  router.patch('/tickets/bulk', auth, async (req, res) => {
    const input = parseInput(bulkUpdateTicketsSchema, req.body);
    await assertTicketsVisible(db, await callerHiddenGroups(db, req), input.ticketIds);
    res.json(await ticketsService.bulkUpdateTickets(db, input, currentUser(req)));
  });

  router.delete('/tickets/bulk', auth, async (req, res) => {
    const input = parseInput(bulkDeleteTicketsSchema, req.body);
    await assertTicketsVisible(db, await callerHiddenGroups(db, req), input.ticketIds);
    // To the Trash (issue 26).
    const deleted = await trash.deleteTickets(db, input.ticketIds, currentUser(req));
    res.json({ deleted } satisfies BulkDeleteTicketsResponse);
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
    const { purge } = parseInput(deleteQuerySchema, req.query);
    // To the Trash, or for good with ?purge=true (issue 26).
    if (purge === 'true') await trash.purgeTicket(db, id, currentUser(req));
    else await trash.deleteTickets(db, [id], currentUser(req));
    res.status(204).end();
  });

  router.post('/tickets/:id/restore', auth, requireAdmin, async (req, res) => {
    const { id } = parseInput(ticketParamsSchema, req.params);
    const ticket = await trash.restoreTicket(db, id, currentUser(req));
    res.json({ ticket } satisfies TicketResponse);
  });

  router.post('/tickets/:id/notes', auth, async (req, res) => {
    const { id } = parseInput(ticketParamsSchema, req.params);
    const { text } = parseInput(addNoteSchema, req.body);
    const ticket = await ticketsService.addNote(db, id, text, currentUser(req));
    res.status(201).json({ ticket } satisfies TicketResponse);
  });

  // The caller opened the ticket: its replies so far are read (issue 26).
  router.post('/tickets/:id/seen', auth, async (req, res) => {
    const { id } = parseInput(ticketParamsSchema, req.params);
    await ticketsService.getTicket(db, id);
    await markTicketSeen(db, currentUser(req).id, id);
    res.status(204).end();
  });

  // The ticket's history, oldest first (issue 26).
  router.get('/tickets/:id/activity', auth, async (req, res) => {
    const { id } = parseInput(ticketParamsSchema, req.params);
    res.json(await ticketActivity(db, id));
  });

  router.get('/tickets/:id/check-updates', auth, async (req, res) => {
    const { id } = parseInput(ticketParamsSchema, req.params);
    const query = parseInput(checkUpdatesQuerySchema, req.query);
    res.json(await ticketsService.checkForUpdates(db, id, query, currentUser(req).id));
  });

  // The detail was closed: the caller stops showing as a viewer at once (presence).
  router.delete('/tickets/:id/viewers/me', auth, async (req, res) => {
    const { id } = parseInput(ticketParamsSchema, req.params);
    await ticketsService.stopViewing(db, id, currentUser(req).id);
    res.status(204).end();
  });

  return router;
}
