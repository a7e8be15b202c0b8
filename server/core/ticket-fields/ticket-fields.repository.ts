import { asc, sql } from 'drizzle-orm';
import type { TicketField } from '@shared/contracts/ticket-fields';
import { ticketFields } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { oncePerDatabase } from '../../db/prepared';
import { toTicketField } from './ticket-field.mapper';

/**
 * Every custom field, active or not, by position (issue 38). Read per request that needs them, never
 * cached in a process: a field an admin adds or deactivates counts at once in every app process (a
 * peer's needed a restart), and the table holds at most TICKET_FIELD_LIMITS.fields rows.
 */
export async function listTicketFields(db: DbOrTx): Promise<TicketField[]> {
  const locked = readUnderLock.get(db);
  if (locked) return locked;
  const rows = await allFields(db).execute();
  return rows.map(toTicketField);
}

/** Read by every save of custom field values: a named statement, parsed once per connection. */
const allFields = oncePerDatabase((db) =>
  db
    .select()
    .from(ticketFields)
    .orderBy(asc(ticketFields.position), asc(ticketFields.key))
    .prepare('ticket_fields_in_order'),
);

/**
 * The fields, for a write of values checked against them: the table is held in SHARE mode until the
 * transaction ends, which an admin's change of fields (SHARE ROW EXCLUSIVE, server/features/ticket-fields)
 * waits for and which waits for it. So an option removed or a type changed "while no ticket uses it"
 * cannot meet a ticket saved with it at the same moment; ticket writes do not wait on each other.
 */
export async function listTicketFieldsForWriting(tx: DbOrTx): Promise<TicketField[]> {
  const locked = readUnderLock.get(tx);
  if (locked) return locked;
  await tx.execute(sql`LOCK TABLE ${ticketFields} IN SHARE MODE`);
  const fields = await listTicketFields(tx);
  readUnderLock.set(tx, fields);
  return fields;
}

/**
 * The fields a transaction read under its SHARE lock: they cannot change before it ends, so the rest
 * of it (the Activity Log's labels, a second check) reads them from here, not again. Keyed by the
 * transaction itself; only a transaction can take the lock, so the pool is never a key.
 */
const readUnderLock = new WeakMap<DbOrTx, TicketField[]>();
