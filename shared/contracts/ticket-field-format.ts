import type { CustomFieldValue, TicketField } from './ticket-fields';

/**
 * How a custom field's value reads (issue 38), without zod: the portal's bundle (issue 41) imports it
 * from here, ./ticket-fields.ts re-exports it for everyone else.
 */

/** A stored value as people read it: an option's label, Yes/No, several labels comma-joined. */
export function formatCustomFieldValue(
  field: Pick<TicketField, 'type' | 'options'> | undefined,
  value: CustomFieldValue,
): string {
  const optionLabel = (option: string) =>
    field?.options.find((each) => each.value === option)?.label ?? option;
  if (Array.isArray(value)) return value.map(optionLabel).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && field?.type === 'dropdown') return optionLabel(value);
  return String(value);
}
