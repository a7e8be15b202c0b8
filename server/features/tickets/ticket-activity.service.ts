/**
 * A ticket's history (issue 26). The events are written by database triggers in the same transaction
 * as each change (migration 0015), so this module only reads them.
 */
import { TICKET_EVENT_KINDS, type TicketEventKind } from '@shared/constants';
import { TICKET_MESSAGES, type TicketActivityResponse, type TicketEvent } from '@shared/contracts/tickets';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { listTicketEvents, type TicketEventRow } from './ticket-activity.repository';
import { findTicketById } from '../../core/tickets/tickets.repository';
import { joinedUser } from '../../core/users/user.mapper';

const isKind = (kind: string): kind is TicketEventKind =>
  (TICKET_EVENT_KINDS as readonly string[]).includes(kind);

function toTicketEvent(row: TicketEventRow & { kind: TicketEventKind }): TicketEvent {
  return {
    id: row.id,
    kind: row.kind,
    actor: joinedUser(row.actorId, row.actorFirstName, row.actorLastName),
    from: row.fromValue,
    ...(row.field ? { field: row.field } : {}),
    ...(row.ruleName !== null ? { ruleName: row.ruleName } : {}),
    to: row.toValue,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function ticketActivity(db: DbOrTx, ticketId: string): Promise<TicketActivityResponse> {
  const [ticket, rows] = await Promise.all([findTicketById(db, ticketId), listTicketEvents(db, ticketId)]);
  if (!ticket) throw notFound(TICKET_MESSAGES.ticketNotFound);
  // Only the triggers write kinds, all of them known; a row of a kind this build does not know (a
  // newer version's, after a rollback) is left out rather than breaking the contract.
  return {
    events: rows.flatMap((row) => (isKind(row.kind) ? [toTicketEvent({ ...row, kind: row.kind })] : [])),
  };
}
