/**
 * The portal's reads of tickets, their conversation and files (issue 41), always narrowed to one
 * requester: their own tickets (requestedBy: sent from their address, not in the Trash), and of each
 * conversation only the mail between the help desk and them (shownToRequester).
 */
import { and, asc, count, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { CLOSED_TICKET_STATUSES } from '@shared/constants';
import type { PortalTicketTab } from '@shared/contracts/portal';
import { messageAttachments, ticketMessages, tickets } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { requestedBy } from './portal-sign-in.repository';

/** Our replies the requester was sent (or is being sent): a failed one never reached them. */
export const SHOWN_REPLY_STATUSES = ['queued', 'sending', 'sent'] as const;

/**
 * The conversation messages a requester sees: what they sent and what we sent them. Mail of anyone
 * else in the thread stays with the agents, above all another requester's, which a merge of their
 * ticket into this one brings along (docs/decisions/074-merging-tickets.md).
 */
export const shownToRequester = (email: string): SQL =>
  sql`((${ticketMessages.direction} = 'inbound' AND lower(${ticketMessages.fromEmail}) = ${email.toLowerCase()})
    OR (${ticketMessages.direction} = 'outbound'
      AND ${inArray(ticketMessages.status, [...SHOWN_REPLY_STATUSES])}
      AND lower(${ticketMessages.toEmail}) = ${email.toLowerCase()}))`;

const tabCondition = (tab: PortalTicketTab) =>
  tab === 'closed'
    ? inArray(tickets.status, [...CLOSED_TICKET_STATUSES])
    : notInArray(tickets.status, [...CLOSED_TICKET_STATUSES]);

/** The last message the requester sees of the ticket (the list's lastMessageAt), or null. */
const lastShownMessageAt = (email: string) =>
  sql<Date | null>`(SELECT max(${ticketMessages.createdAt}) FROM ${ticketMessages}
    WHERE ${ticketMessages.ticketId} = ${tickets.id} AND ${shownToRequester(email)})`.mapWith(
    ticketMessages.createdAt,
  );

export interface PortalTicketRow {
  id: string;
  ticketNumber: string;
  subject: string;
  status: string;
  createdAt: Date;
  updatedAt: Date;
  lastMessageAt: Date | null;
}

const summaryColumns = (email: string) => ({
  id: tickets.id,
  ticketNumber: tickets.ticketNumber,
  subject: tickets.subject,
  status: tickets.status,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  lastMessageAt: lastShownMessageAt(email),
});

/**
 * One page of the requester's tickets of a tab, newest first, and their count. Ties by id ascending,
 * the order of tickets_requester_idx, so the page is read off the index.
 */
export async function listRequesterTickets(
  db: DbOrTx,
  email: string,
  tab: PortalTicketTab,
  page: { limit: number; offset: number },
): Promise<{ rows: PortalTicketRow[]; total: number }> {
  const where = and(requestedBy(email), tabCondition(tab));
  const rows = await db
    .select(summaryColumns(email))
    .from(tickets)
    .where(where)
    .orderBy(desc(tickets.createdAt), asc(tickets.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(tickets).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** One of the requester's tickets as the list shows it. */
export async function findRequesterTicketSummary(
  db: DbOrTx,
  email: string,
  id: string,
): Promise<PortalTicketRow | undefined> {
  const [row] = await db
    .select(summaryColumns(email))
    .from(tickets)
    .where(and(eq(tickets.id, id), requestedBy(email)));
  return row;
}

/** What the portal reads of a ticket: never its notes, assignee, tags, time or agent-only fields. */
export async function findRequesterTicket(db: DbOrTx, email: string, id: string) {
  const [row] = await db
    .select({
      id: tickets.id,
      ticketNumber: tickets.ticketNumber,
      subject: tickets.subject,
      status: tickets.status,
      body: tickets.body,
      fromName: tickets.fromName,
      fromEmail: tickets.fromEmail,
      customFields: tickets.customFields,
      mergedIntoId: tickets.mergedIntoId,
      originalEmailDate: tickets.originalEmailDate,
      createdAt: tickets.createdAt,
    })
    .from(tickets)
    .where(and(eq(tickets.id, id), requestedBy(email)));
  return row;
}
export type RequesterTicketRow = NonNullable<Awaited<ReturnType<typeof findRequesterTicket>>>;

/** The ticket's messages the requester sees, oldest first (ties by id), with the columns shown. */
export function listShownMessages(db: DbOrTx, ticketId: string, email: string) {
  return db
    .select({
      id: ticketMessages.id,
      direction: ticketMessages.direction,
      fromName: ticketMessages.fromName,
      fromEmail: ticketMessages.fromEmail,
      body: ticketMessages.body,
      createdAt: ticketMessages.createdAt,
    })
    .from(ticketMessages)
    .where(and(eq(ticketMessages.ticketId, ticketId), shownToRequester(email)))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
}
export type ShownMessageRow = Awaited<ReturnType<typeof listShownMessages>>[number];

export interface PortalFileRow {
  id: string;
  messageId: string | null;
  filename: string;
  size: number;
}

/** The ticket's kept files (not their content), in the order they were stored; the caller drops those of unshown messages. */
export function listKeptFiles(db: DbOrTx, ticketId: string): Promise<PortalFileRow[]> {
  return db
    .select({
      id: messageAttachments.id,
      messageId: messageAttachments.messageId,
      filename: messageAttachments.filename,
      size: messageAttachments.size,
    })
    .from(messageAttachments)
    .where(and(eq(messageAttachments.ticketId, ticketId), eq(messageAttachments.kept, true)))
    .orderBy(asc(messageAttachments.createdAt), asc(messageAttachments.id));
}

/**
 * A kept file with its content when the requester may have it: a file of one of their tickets, of its
 * original message or of a message they see. Undefined otherwise, whatever the reason.
 */
export async function findRequesterFile(db: DbOrTx, email: string, id: string) {
  const [row] = await db
    .select({
      filename: messageAttachments.filename,
      contentType: messageAttachments.contentType,
      content: messageAttachments.content,
    })
    .from(messageAttachments)
    .innerJoin(tickets, eq(tickets.id, messageAttachments.ticketId))
    .where(
      and(
        eq(messageAttachments.id, id),
        eq(messageAttachments.kept, true),
        requestedBy(email),
        sql`(${messageAttachments.messageId} IS NULL OR EXISTS (
          SELECT 1 FROM ${ticketMessages}
           WHERE ${ticketMessages.id} = ${messageAttachments.messageId} AND ${shownToRequester(email)}))`,
      ),
    );
  return row?.content ? { ...row, content: row.content } : undefined;
}

/**
 * Serialises the new tickets of one requester until the transaction ends, so the per-requester
 * limit counts every ticket, also those opened at the same moment.
 */
export async function lockRequester(tx: DbOrTx, email: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`portal-requester:${email}`}, 0))`);
}

/**
 * The requester's tickets opened within the last `windowSeconds` (by email or here: the limit is the
 * sender's, as inbound email's), and how many seconds until the oldest of them leaves the window.
 */
export async function recentTicketsOf(
  tx: DbOrTx,
  email: string,
  windowSeconds: number,
): Promise<{ count: number; secondsUntilOldestExpires: number }> {
  const [row] = await tx
    .select({
      count: count(),
      secondsLeft: sql<number>`ceil(extract(epoch from (min(${tickets.createdAt}) + make_interval(secs => ${windowSeconds}) - now())))::int`,
    })
    .from(tickets)
    .where(
      and(
        sql`lower(${tickets.fromEmail}) = ${email.toLowerCase()}`,
        sql`${tickets.createdAt} > now() - make_interval(secs => ${windowSeconds})`,
      ),
    );
  return { count: row?.count ?? 0, secondsUntilOldestExpires: row?.secondsLeft ?? 0 };
}
