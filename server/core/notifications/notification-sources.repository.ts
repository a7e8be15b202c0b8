/** What notices are written from: a ticket's number, subject and assignee, and who can be mentioned. */
import { asc, eq, inArray } from 'drizzle-orm';
import type { MentionCandidate } from '@shared/mentions';
import { tickets, users } from '@shared/schema';
import type { DbOrTx } from '../../db/client';

export interface TicketHeadline {
  id: string;
  ticketNumber: string;
  subject: string;
  assignedTo: string | null;
}

export function ticketHeadlines(db: DbOrTx, ids: readonly string[]): Promise<TicketHeadline[]> {
  return db
    .select({
      id: tickets.id,
      ticketNumber: tickets.ticketNumber,
      subject: tickets.subject,
      assignedTo: tickets.assignedTo,
    })
    .from(tickets)
    .where(inArray(tickets.id, [...ids]))
    .orderBy(asc(tickets.createdAt), asc(tickets.id));
}

/** Every active user with a name, as a mention can name them (not someone who has left). */
export async function listMentionCandidates(db: DbOrTx): Promise<MentionCandidate[]> {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.active, true));
  return rows.flatMap((row) =>
    row.firstName ? [{ id: row.id, firstName: row.firstName, lastName: row.lastName ?? '' }] : [],
  );
}
