import type { NextFunction, Request, Response } from 'express';
import { eq } from 'drizzle-orm';
import { TICKET_MESSAGES } from '@shared/contracts/tickets';
import { tickets } from '@shared/schema';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { findUserById } from '../users/users.repository';

/** `/tickets/{uuid}` and anything below it (the router's paths, under /api). */
const TICKET_PATH = /^\/tickets\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/|$)/i;

/**
 * A ticket in the Trash answers 404 to everyone but admins (issue 26), on every route under
 * /api/tickets/{id} whichever feature serves it (the ticket, its notes, conversation, replies, closing,
 * timer, history), so no feature needs its own check. Mounted once, after the session and before the
 * routers, for every path under /api (it matches `/tickets/{id}` itself); a signed-out caller passes on to the route's own 401. Costs one primary-key read.
 */
export function hideDeletedTickets(db: Database) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const match = TICKET_PATH.exec(req.path);
    const id = match?.[1];
    // Restoring is for admins whatever the ticket: its route answers everyone else 403, which says
    // nothing about the ticket.
    if (!id || req.path.endsWith('/restore')) return next();
    const [ticket] = await db
      .select({ deletedAt: tickets.deletedAt })
      .from(tickets)
      .where(eq(tickets.id, id.toLowerCase()));
    if (!ticket?.deletedAt) return next();
    const userId = req.session?.userId;
    if (!userId) return next();
    const loaded = req.session?.loadedUser;
    const user = loaded?.id === userId ? loaded : await findUserById(db, userId);
    if (user?.role === 'admin') return next();
    throw notFound(TICKET_MESSAGES.ticketNotFound);
  };
}
