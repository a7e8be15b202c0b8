/**
 * The list's custom field conditions (issue 38) as one SQL/JSON path over `tickets.custom_fields`,
 * checked against the fields: `cf.<key>=a,b` (equal to one of; a multi-select holding one of them;
 * NO_VALUE for none) and `cf.<key>.gte` / `.lte` (number, decimal and date). One jsonpath, however
 * many fields and values, means one prepared statement per shape of list, and the GIN index
 * `tickets_custom_fields_idx` (jsonb_path_ops) answers its equalities (docs/decisions/124-tags-and-custom-fields.md).
 * A value that does not fit its field is a 400 naming `cf.<key>`.
 */
import type { CustomFieldFilter } from '@shared/contracts/tickets';
import { isoDate } from '@shared/contracts/common';
import {
  isRangeType,
  NO_VALUE,
  TICKET_FIELD_MESSAGES,
  type TicketField,
} from '@shared/contracts/ticket-fields';
import { fieldRefusal } from '../../lib/validate';

/** Thrown inside: the parameter and why, collected into one 400. */
class FilterProblem extends Error {}

/** A value of the query as a jsonpath literal of the field's type. */
function literal(field: TicketField, text: string): string {
  switch (field.type) {
    case 'number':
    case 'decimal': {
      const number = Number(text);
      if (text.trim() === '' || !Number.isFinite(number)) throw new FilterProblem('Must be a number');
      return String(number);
    }
    case 'date':
      if (!isoDate.safeParse(text).success) throw new FilterProblem('Must be a date as YYYY-MM-DD');
      return JSON.stringify(text);
    case 'checkbox':
      if (text !== 'true' && text !== 'false') throw new FilterProblem('Must be true or false');
      return text;
    default:
      // JSON's string escapes are jsonpath's.
      return JSON.stringify(text);
  }
}

/** `$."key"`: keys are [a-z][a-z0-9_]*, so quoting is enough. */
const pathOf = (field: TicketField) => `$."${field.key}"`;

function valuesCondition(field: TicketField, values: readonly string[]): string {
  const path = pathOf(field);
  const alternatives = values.map((value) => {
    if (value === NO_VALUE) return `!exists(${path})`;
    // An unchecked box is stored as false or not at all: "false" means "not ticked".
    if (field.type === 'checkbox' && value === 'false') return `!(${path} == true)`;
    return `${path} == ${literal(field, value)}`;
  });
  return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' || ')})`;
}

function boundsCondition(field: TicketField, filter: CustomFieldFilter): string[] {
  if (filter.gte === undefined && filter.lte === undefined) return [];
  if (!isRangeType(field.type)) throw new FilterProblem('Only number, decimal and date fields have a range');
  const path = pathOf(field);
  return [
    ...(filter.gte === undefined ? [] : [`${path} >= ${literal(field, filter.gte)}`]),
    ...(filter.lte === undefined ? [] : [`${path} <= ${literal(field, filter.lte)}`]),
  ];
}

/** The jsonpath of the filters, or undefined when there are none; 400 naming each bad `cf.<key>`. */
export function customFieldPath(
  filters: Record<string, CustomFieldFilter> | undefined,
  fields: readonly TicketField[],
): string | undefined {
  if (!filters) return undefined;
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const conditions: string[] = [];
  const errors: Record<string, string[]> = {};
  for (const [key, filter] of Object.entries(filters)) {
    const field = byKey.get(key);
    try {
      if (!field) throw new FilterProblem(TICKET_FIELD_MESSAGES.unknownField);
      if (filter.values?.length) conditions.push(valuesCondition(field, filter.values));
      conditions.push(...boundsCondition(field, filter));
    } catch (error) {
      if (!(error instanceof FilterProblem)) throw error;
      errors[`cf.${key}`] = [error.message];
    }
  }
  if (Object.keys(errors).length > 0) throw fieldRefusal(errors);
  return conditions.length > 0 ? conditions.join(' && ') : undefined;
}

/** A sort on a field must name one (active or not: its values stay on tickets). */
export function assertSortableField(key: string, fields: readonly TicketField[]): void {
  if (!fields.some((field) => field.key === key))
    throw fieldRefusal({ sort: [TICKET_FIELD_MESSAGES.unknownField] });
}
