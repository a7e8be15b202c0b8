import { asc } from 'drizzle-orm';
import type { TicketField } from '@shared/contracts/ticket-fields';
import { ticketFields } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { toTicketField } from './ticket-field.mapper';

/**
 * Every custom field, active or not, by position (issue 38). Read per request that needs them, never
 * cached in a process: a field an admin adds or deactivates counts at once in every app process (a
 * peer's needed a restart), and the table holds at most TICKET_FIELD_LIMITS.fields rows.
 */
export async function listTicketFields(db: DbOrTx): Promise<TicketField[]> {
  const rows = await db
    .select()
    .from(ticketFields)
    .orderBy(asc(ticketFields.position), asc(ticketFields.key));
  return rows.map(toTicketField);
}
