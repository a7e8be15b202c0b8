import { count, eq, sql } from 'drizzle-orm';
import type { TicketFieldOption, TicketFieldType } from '@shared/contracts/ticket-fields';
import { ticketFields, tickets } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import type { TicketFieldRow } from '../../core/ticket-fields/ticket-field.mapper';

/**
 * One writer of the fields at a time, until its transaction ends: positions are counted and shifted
 * from what is there, so two admins adding or moving fields at once must not both read the same
 * count. Readers (every ticket write lists the fields) are not held up: SHARE ROW EXCLUSIVE conflicts
 * with writes only.
 */
export async function lockFieldsForWriting(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`LOCK TABLE ${ticketFields} IN SHARE ROW EXCLUSIVE MODE`);
}

export async function countFields(tx: DbOrTx): Promise<number> {
  const [row] = await tx.select({ total: count() }).from(ticketFields);
  return row?.total ?? 0;
}

export async function findField(tx: DbOrTx, id: string): Promise<TicketFieldRow | undefined> {
  const [row] = await tx.select().from(ticketFields).where(eq(ticketFields.id, id));
  return row;
}

export interface NewFieldValues {
  key: string;
  label: string;
  type: TicketFieldType;
  options: TicketFieldOption[];
  requiredToClose: boolean;
  portal: boolean;
  position: number;
}

export async function insertField(tx: DbOrTx, values: NewFieldValues): Promise<TicketFieldRow> {
  const [row] = await tx.insert(ticketFields).values(values).returning();
  return row!;
}

export type FieldChanges = Partial<
  Pick<TicketFieldRow, 'label' | 'options' | 'requiredToClose' | 'active' | 'portal'> & {
    type: TicketFieldType;
  }
>;

export async function updateField(tx: DbOrTx, id: string, changes: FieldChanges): Promise<void> {
  await tx
    .update(ticketFields)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(ticketFields.id, id));
}

/** Numbers the fields 0..n-1 in the order given, in one statement. */
export async function setPositions(tx: DbOrTx, idsInOrder: readonly string[]): Promise<void> {
  if (idsInOrder.length === 0) return;
  const positions = idsInOrder.map((_, index) => index);
  await tx.execute(sql`
    UPDATE ${ticketFields} SET position = placed.position, updated_at = now()
    FROM unnest(${sql.param(idsInOrder)}::uuid[], ${sql.param(positions)}::int[]) AS placed(id, position)
    WHERE ${ticketFields.id} = placed.id AND ${ticketFields.position} <> placed.position`);
}

/**
 * Tickets whose values match a jsonpath predicate (`$."key" == "value"`), the Trash included: a
 * deleted ticket can be restored with its values. The GIN index (jsonb_path_ops) answers `@@` and `@?`;
 * it cannot answer the `?` operator, hence `@?` for "has a value".
 */
export async function countTicketsMatching(tx: DbOrTx, jsonPath: string): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(tickets)
    .where(sql`${tickets.customFields} @@ ${jsonPath}::jsonpath`);
  return row?.total ?? 0;
}

/** Tickets (the Trash included) holding any value for the field. */
export async function countTicketsWithValue(tx: DbOrTx, key: string): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(tickets)
    .where(sql`${tickets.customFields} @? ${`$."${key}"`}::jsonpath`);
  return row?.total ?? 0;
}
