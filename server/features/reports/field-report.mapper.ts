import {
  NO_VALUE_LABEL,
  type FieldReportResponse,
  type FieldReportRow,
  type TicketField,
} from '@shared/contracts/ticket-fields';
import type { FieldGroup } from './report-field.sql';

const row = (
  value: FieldReportRow['value'],
  label: string,
  group: FieldGroup | undefined,
): FieldReportRow => ({
  value,
  label,
  tickets: group?.tickets ?? 0,
  closed: group?.closed ?? 0,
  hours: group?.hours ?? 0,
});

/**
 * The groups as the report's rows (issue 38): a checkbox's Yes then No; otherwise one row per option in
 * the field's order (an active option with no ticket shows 0, an inactive one only while tickets hold
 * it), any value no longer among the options after them (none should be: an option in use is never
 * removed), then "None" for the tickets without a value when there are some.
 */
export function toFieldReport(field: TicketField, groups: readonly FieldGroup[]): FieldReportResponse {
  const byValue = new Map(groups.map((group) => [group.value, group]));
  if (field.type === 'checkbox') {
    return {
      field,
      rows: [row(true, 'Yes', byValue.get('true')), row(false, 'No', byValue.get('false'))],
    };
  }
  const known = new Set(field.options.map((option) => option.value));
  const options = field.options
    .filter((option) => option.active || byValue.has(option.value))
    .map((option) => row(option.value, option.label, byValue.get(option.value)));
  const strays = groups
    .filter(
      (group): group is FieldGroup & { value: string } => group.value !== null && !known.has(group.value),
    )
    .sort((a, b) => a.value.localeCompare(b.value))
    .map((group) => row(group.value, group.value, group));
  const none = byValue.get(null);
  return { field, rows: [...options, ...strays, ...(none ? [row(null, NO_VALUE_LABEL, none)] : [])] };
}
