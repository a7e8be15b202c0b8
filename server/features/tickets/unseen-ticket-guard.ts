import type { NextFunction, Request, Response } from 'express';
import { callerId, loadedCaller } from '../../middleware/caller';
import { eq, sql } from 'drizzle-orm';
import { TICKET_MESSAGES } from '@shared/contracts/tickets';
import { messageAttachments, ticketMessages, tickets } from '@shared/schema';
import type { Database } from '../../db/client';
import { oncePerDatabase } from '../../db/prepared';
import { notFound } from '../../lib/errors';
import { findUserById } from '../../core/users/users.repository';
import { maySeeGroup } from '../../core/groups/group-visibility';

const UUID = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';

/** Whether a ticket is in the Trash and its group: none of either when there is no such ticket. */
type DeletedAtOf = (
  db: Database,
  id: string,
) => Promise<{ deletedAt: Date | null; groupId: string | null }[]>;

/** Every request of a ticket's routes asks it first: a named statement, parsed once per connection. */
const deletedAtOfTicket = oncePerDatabase((db) =>
  db
    .select({ deletedAt: tickets.deletedAt, groupId: tickets.groupId })
    .from(tickets)
    .where(eq(tickets.id, sql.placeholder('id')))
    .prepare('ticket_deleted_at_and_group'),
);

/**
 * The paths (under /api) that serve a ticket's content, and how each finds its ticket: the ticket's
 * own routes, `/tickets/{id}` and anything below it, and the routes that reach a ticket's content by
 * the id of one of its parts (a file's download, a reply's retry), which would otherwise serve a
 * deleted ticket's content to anyone holding that id (issue 34).
 */
const TICKET_CONTENT_PATHS: { pattern: RegExp; deletedAtOf: DeletedAtOf }[] = [
  {
    pattern: new RegExp(`^/tickets/${UUID}(?:/|$)`, 'i'),
    deletedAtOf: (db, id) => deletedAtOfTicket(db).execute({ id }),
  },
  {
    pattern: new RegExp(`^/attachments/${UUID}(?:/|$)`, 'i'),
    deletedAtOf: (db, id) =>
      db
        .select({ deletedAt: tickets.deletedAt, groupId: tickets.groupId })
        .from(messageAttachments)
        .innerJoin(tickets, eq(tickets.id, messageAttachments.ticketId))
        .where(eq(messageAttachments.id, id)),
  },
  {
    pattern: new RegExp(`^/messages/${UUID}(?:/|$)`, 'i'),
    deletedAtOf: (db, id) =>
      db
        .select({ deletedAt: tickets.deletedAt, groupId: tickets.groupId })
        .from(ticketMessages)
        .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
        .where(eq(ticketMessages.id, id)),
  },
];

/** The path's ticket-content route and the id it names, if it is one. */
function ticketContentPath(path: string): { id: string; deletedAtOf: DeletedAtOf } | undefined {
  for (const { pattern, deletedAtOf } of TICKET_CONTENT_PATHS) {
    const id = pattern.exec(path)?.[1];
    if (id) return { id: id.toLowerCase(), deletedAtOf };
  }
  return undefined;
}

/**
 * A ticket in the Trash answers 404 to everyone but admins (issue 26), and a ticket of a private group
 * to everyone but its members and admins (issue 39), on every route that serves its content whichever
 * feature serves it (the ticket, its notes, conversation, replies, closing, timer, history, its files'
 * downloads and its replies' retries), so no feature needs its own check. The 404 is the ticket's own,
 * whether the path names the ticket or one of its parts. Mounted once, after the session and before
 * the routers, for every path under /api; a signed-out caller passes on to the route's own 401, and
 * an id that names nothing to the route's own 404. Costs one primary-key read (a join for a part),
 * and the caller's hidden groups only for a ticket in a group.
 */
export function hideUnseenTickets(db: Database) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const target = ticketContentPath(req.path);
    // Restoring is for admins whatever the ticket: its route answers everyone else 403, which says
    // nothing about the ticket.
    if (!target || req.path.endsWith('/restore')) return next();
    const [ticket] = await target.deletedAtOf(db, target.id);
    if (!ticket?.deletedAt && !ticket?.groupId) return next();
    const userId = callerId(req);
    if (!userId) return next();
    const user = loadedCaller(req) ?? (await findUserById(db, userId));
    if (!user || user.role === 'admin') return next();
    if (!ticket.deletedAt && (await maySeeGroup(db, user, ticket.groupId))) return next();
    throw notFound(TICKET_MESSAGES.ticketNotFound);
  };
}
