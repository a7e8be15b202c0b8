/** Custom ticket fields for tests (issue 38): defined straight in the table, as an admin would. */
import { sql } from 'drizzle-orm';
import type { TicketField, TicketFieldOption, TicketFieldType } from '@shared/contracts/ticket-fields';
import { ticketFields } from '@shared/schema';
import { toTicketField } from '../../core/ticket-fields/ticket-field.mapper';
import type { Database } from '../../db/client';

export interface FieldDefinition {
  key: string;
  type: TicketFieldType;
  label?: string;
  /** Values; each labelled by its value upper-cased first letter, active unless listed in `inactive`. */
  options?: string[];
  inactiveOptions?: string[];
  requiredToClose?: boolean;
  active?: boolean;
}

const optionLabel = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

export async function defineField(db: Database, definition: FieldDefinition): Promise<TicketField> {
  const options: TicketFieldOption[] = (definition.options ?? []).map((value) => ({
    value,
    label: optionLabel(value),
    active: !(definition.inactiveOptions ?? []).includes(value),
  }));
  const [row] = await db
    .insert(ticketFields)
    .values({
      key: definition.key,
      label: definition.label ?? optionLabel(definition.key.replaceAll('_', ' ')),
      type: definition.type,
      options,
      requiredToClose: definition.requiredToClose ?? false,
      active: definition.active ?? true,
      position: sql`(SELECT count(*) FROM ${ticketFields})`,
    })
    .returning();
  return toTicketField(row!);
}
