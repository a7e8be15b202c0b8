import { TICKET_FIELD_TYPES, type TicketField, type TicketFieldType } from '@shared/contracts/ticket-fields';
import type { ticketFields } from '@shared/schema';

export type TicketFieldRow = typeof ticketFields.$inferSelect;

const isType = (value: string): value is TicketFieldType =>
  (TICKET_FIELD_TYPES as readonly string[]).includes(value);

/** A stored field as the API answers it (the type column is varchar; only valid types are written). */
export function toTicketField(row: TicketFieldRow): TicketField {
  return {
    id: row.id,
    key: row.key,
    label: row.label,
    type: isType(row.type) ? row.type : 'text',
    options: row.options,
    requiredToClose: row.requiredToClose,
    active: row.active,
    position: row.position,
    portal: row.portal,
  };
}
