/**
 * The list's custom field conditions (issue 38) as one SQL/JSON path over `tickets.custom_fields`,
 * checked against the fields: `cf.<key>=a,b` (equal to one of; a multi-select holding one of them;
 * NO_VALUE for none) and `cf.<key>.gte` / `.lte` (number, decimal and date). One jsonpath, however
 * many fields and values, means one prepared statement per shape of list. The conditions come out as
 * two paths: the equalities, which the GIN index `tickets_tags_custom_fields_idx` (jsonb_path_ops)
 * answers with `@@`, and the rest (a range, "none", an unticked box), which that index cannot
 * narrow: given to it, it returns every ticket having any value (a second at a million tickets), so
 * they are checked on the rows instead (docs/decisions/124-tags-and-custom-fields.md).
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

/** A condition as jsonpath text, and whether the GIN index can answer it (equalities only). */
interface Condition {
  path: string;
  indexed: boolean;
}

function valuesCondition(field: TicketField, values: readonly string[]): Condition {
  const path = pathOf(field);
  let indexed = true;
  const alternatives = values.map((value) => {
    if (value === NO_VALUE) {
      indexed = false;
      return `!exists(${path})`;
    }
    // An unchecked box is stored as false or not at all: "false" means "not ticked".
    if (field.type === 'checkbox' && value === 'false') {
      indexed = false;
      return `!(${path} == true)`;
    }
    return `${path} == ${literal(field, value)}`;
  });
  return {
    path: alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' || ')})`,
    indexed,
  };
}

function boundsCondition(field: TicketField, filter: CustomFieldFilter): Condition[] {
  if (filter.gte === undefined && filter.lte === undefined) return [];
  if (!isRangeType(field.type)) throw new FilterProblem('Only number, decimal and date fields have a range');
  const path = pathOf(field);
  return [
    ...(filter.gte === undefined ? [] : [`${path} >= ${literal(field, filter.gte)}`]),
    ...(filter.lte === undefined ? [] : [`${path} <= ${literal(field, filter.lte)}`]),
  ].map((range) => ({ path: range, indexed: false }));
}

/** The filters as jsonpaths: `indexed` for `@@`, `checked` for the rows; each undefined when empty. */
export interface CustomFieldPaths {
  indexed?: string;
  checked?: string;
}

/** The jsonpaths of the filters (none when there are none); 400 naming each bad `cf.<key>`. */
export function customFieldPaths(
  filters: Record<string, CustomFieldFilter> | undefined,
  fields: readonly TicketField[],
): CustomFieldPaths {
  if (!filters) return {};
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const conditions: Condition[] = [];
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
  const joined = (indexed: boolean) => {
    const paths = conditions.filter((condition) => condition.indexed === indexed);
    return paths.length > 0 ? paths.map((condition) => condition.path).join(' && ') : undefined;
  };
  return { indexed: joined(true), checked: joined(false) };
}

/** A sort on a field must name one (active or not: its values stay on tickets). */
export function assertSortableField(key: string, fields: readonly TicketField[]): void {
  if (!fields.some((field) => field.key === key))
    throw fieldRefusal({ sort: [TICKET_FIELD_MESSAGES.unknownField] });
}
