/**
 * What changed since an agent looked (issue 26): a ticket whose requester wrote after the agent last
 * opened it is unread for that agent. Opening a ticket records when (`ticket_views`, one row per agent
 * and ticket); a list row is unread when the requester's latest email (`lastMessageAt`, a reply: later
 * than the ticket's creation) is later than the caller's last look, or the caller never looked.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { TicketListItem, TicketListResponse } from '@shared/contracts/tickets';
import { ticketViews } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { oncePerDatabase } from '../../db/prepared';

/** The caller opened the ticket now. */
export async function markTicketSeen(db: DbOrTx, userId: string, ticketId: string): Promise<void> {
  await db
    .insert(ticketViews)
    .values({ userId, ticketId, seenAt: sql`now()` })
    .onConflictDoUpdate({ target: [ticketViews.userId, ticketViews.ticketId], set: { seenAt: sql`now()` } });
}

/** A list row as every caller gets it; `unread` is each caller's own. */
export type SharedTicketListItem = Omit<TicketListItem, 'unread'>;
export type SharedTicketListResponse = Omit<TicketListResponse, 'tickets'> & {
  tickets: SharedTicketListItem[];
};

const isReply = (ticket: SharedTicketListItem) =>
  Date.parse(ticket.lastMessageAt) > Date.parse(ticket.createdAt);

/** The caller's looks at some tickets; the ids are one array value, so every page shares the statement. */
const looksAt = oncePerDatabase((db) =>
  db
    .select({ ticketId: ticketViews.ticketId, seenAt: ticketViews.seenAt })
    .from(ticketViews)
    .where(
      and(
        eq(ticketViews.userId, sql.placeholder('userId')),
        sql`${ticketViews.ticketId} = ANY(${sql.placeholder('ticketIds')}::uuid[])`,
      ),
    )
    .prepare('ticket_views_of_user'),
);

/** When the caller last opened each of some tickets (ms since the epoch), by ticket id. */
export type TicketLooks = ReadonlyMap<string, number>;

async function readLooks(db: DbOrTx, userId: string, list: SharedTicketListResponse): Promise<TicketLooks> {
  const replied = list.tickets.filter(isReply).map((ticket) => ticket.id);
  if (replied.length === 0) return new Map();
  const seen = await looksAt(db).execute({ userId, ticketIds: replied });
  return new Map(seen.map((row) => [row.ticketId, row.seenAt.getTime()]));
}

/**
 * The list with each row's `unread` for the caller. A fresh page brings the caller's looks with it
 * (`looks`, read by the list's own statement); a page from the poll cache, shared by every caller,
 * reads them: one statement, at most a page of rows by primary key.
 */
export async function withUnread(
  db: DbOrTx,
  userId: string,
  list: SharedTicketListResponse,
  looks?: TicketLooks,
): Promise<TicketListResponse> {
  const seenAt = looks ?? (await readLooks(db, userId, list));
  return {
    ...list,
    tickets: list.tickets.map((ticket) => ({
      ...ticket,
      unread: isReply(ticket) && Date.parse(ticket.lastMessageAt) > (seenAt.get(ticket.id) ?? -Infinity),
    })),
  };
}
