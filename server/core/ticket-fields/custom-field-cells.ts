import {
  formatCustomFieldValue,
  type CustomFieldValues,
  type TicketField,
} from '@shared/contracts/ticket-fields';

/**
 * The CSV exports' columns of custom fields (issue 38): one per active field in position order, headed
 * by its label, after the export's own columns. The time-entry report and the data export write them.
 */
export const activeFieldColumns = (fields: readonly TicketField[]) => fields.filter((field) => field.active);

/** Each field's value as people read it (an option's label, Yes/No), empty when there is none. */
export function customFieldCells(fields: readonly TicketField[], values: CustomFieldValues | null): string[] {
  return fields.map((field) => {
    const value = values?.[field.key];
    return value === undefined ? '' : formatCustomFieldValue(field, value);
  });
}
