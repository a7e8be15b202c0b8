import {
  formatCustomFieldValue,
  type CustomFieldValues,
  type TicketField,
} from '@shared/contracts/ticket-fields';

/**
 * The CSV exports' custom field cells (issue 38): one column per active field (`activeFields`) in
 * position order, headed by its label, after the export's own columns; the time-entry report and the
 * data export write them. Each cell is the value as people read it (an option's label, Yes/No), empty
 * when there is none.
 */
export function customFieldCells(fields: readonly TicketField[], values: CustomFieldValues | null): string[] {
  return fields.map((field) => {
    const value = values?.[field.key];
    return value === undefined ? '' : formatCustomFieldValue(field, value);
  });
}
