import { asc, eq, sql } from 'drizzle-orm';
import { TICKET_EVENT_KINDS } from '@shared/constants';
import { ticketEvents, users } from '@shared/schema';
import type { DbOrTx } from '../../db/client';

export interface TicketEventRow {
  id: string;
  kind: string;
  fromValue: string | null;
  field: string | null;
  toValue: string | null;
  createdAt: Date;
  actorId: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  /** The rule that made the change (issue 40), by its name then. */
  ruleName: string | null;
}

/**
 * Changes of one instant (one transaction: a PUT changing status and priority, a ticket created with
 * its assignee) come in the kinds' order (TICKET_EVENT_KINDS: created first), so the log reads the
 * same every time.
 */
const kindRank = sql`array_position(${sql.raw(`ARRAY[${TICKET_EVENT_KINDS.map((kind) => `'${kind}'`).join(', ')}]::text[]`)}, ${ticketEvents.kind})`;

/** A ticket's history, oldest first, with each actor's name (one left join). */
export function listTicketEvents(db: DbOrTx, ticketId: string): Promise<TicketEventRow[]> {
  return db
    .select({
      id: ticketEvents.id,
      kind: ticketEvents.kind,
      fromValue: ticketEvents.fromValue,
      field: ticketEvents.field,
      toValue: ticketEvents.toValue,
      createdAt: ticketEvents.createdAt,
      ruleName: ticketEvents.ruleName,
      actorId: users.id,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
    })
    .from(ticketEvents)
    .leftJoin(users, eq(users.id, ticketEvents.actorId))
    .where(eq(ticketEvents.ticketId, ticketId))
    .orderBy(asc(ticketEvents.createdAt), asc(kindRank), asc(ticketEvents.id));
}
