/**
 * The ticket side of Close & Track Time: this feature's own reads and writes of the tickets table
 * (the tickets feature owns the rest).
 */
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { tickets, users } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import type { TicketWithAssigneeRow } from '../tickets/ticket.mapper';

export interface TicketToClose {
  id: string;
  ticketNumber: string;
  subject: string;
  status: string;
  notes: string | null;
  updatedAt: Date;
  /** The database's time for this transaction, so every timestamp of the close agrees. */
  now: Date;
}

/** Locks the ticket until the transaction ends, so two closes at once cannot both pass the check. */
export async function lockTicketForClose(tx: DbOrTx, id: string): Promise<TicketToClose | undefined> {
  const [row] = await tx
    .select({
      id: tickets.id,
      ticketNumber: tickets.ticketNumber,
      subject: tickets.subject,
      status: tickets.status,
      notes: tickets.notes,
      updatedAt: tickets.updatedAt,
      now: sql`now()`.mapWith(tickets.updatedAt),
    })
    .from(tickets)
    .where(eq(tickets.id, id))
    .for('update');
  return row;
}

export async function markTicketClosed(
  tx: DbOrTx,
  id: string,
  change: { at: Date; timeSpent: number; notes: string | null; closedBy: string },
): Promise<void> {
  await tx
    .update(tickets)
    .set({
      status: 'closed',
      closedAt: change.at,
      timeSpent: change.timeSpent,
      notes: change.notes,
      lastUpdatedBy: change.closedBy,
      updatedAt: change.at,
    })
    .where(eq(tickets.id, id));
}

export async function findTicketWithAssignee(
  db: DbOrTx,
  id: string,
): Promise<TicketWithAssigneeRow | undefined> {
  const [row] = await db
    .select({
      ...getTableColumns(tickets),
      assigneeId: users.id,
      assigneeFirstName: users.firstName,
      assigneeLastName: users.lastName,
    })
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.assignedTo))
    .where(eq(tickets.id, id));
  return row;
}
