/**
 * Custom field values as a create or update gives them (issue 38), checked against the fields: a value
 * must fit its field's type (customFieldValueProblem, the forms' own check), a key must name a field,
 * and only an active field takes a new value (an inactive one may still be cleared). Each refusal is a
 * 400 naming `customFields.<key>`.
 */
import {
  customFieldValueProblem,
  TICKET_FIELD_MESSAGES,
  type CustomFieldValue,
  type CustomFieldValues,
  type TicketField,
} from '@shared/contracts/ticket-fields';
import { fieldRefusal } from '../../lib/validate';

/** Values by key; null clears the ticket's value. */
export type CustomFieldsPatch = Record<string, CustomFieldValue | null>;

/** Empty text and an empty selection clear a value, as a form that was emptied means. */
function normalised(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (Array.isArray(value) && value.length === 0) return null;
  return value;
}

export function checkCustomFieldsInput(
  fields: readonly TicketField[],
  input: Record<string, unknown>,
): CustomFieldsPatch {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const errors: Record<string, string[]> = {};
  const patch: CustomFieldsPatch = {};
  for (const [key, raw] of Object.entries(input)) {
    const field = byKey.get(key);
    const value = normalised(raw);
    if (!field || (!field.active && value !== null)) {
      errors[`customFields.${key}`] = [TICKET_FIELD_MESSAGES.unknownField];
      continue;
    }
    if (value === null) {
      patch[key] = null;
      continue;
    }
    const problem = customFieldValueProblem(field, value);
    if (problem) errors[`customFields.${key}`] = [problem];
    else patch[key] = value as CustomFieldValue;
  }
  if (Object.keys(errors).length > 0) throw fieldRefusal(errors);
  return patch;
}

/** The ticket's values with the patch applied key by key. */
export function mergeCustomFields(
  current: CustomFieldValues,
  patch: CustomFieldsPatch | undefined,
): CustomFieldValues {
  if (!patch) return current;
  const merged: CustomFieldValues = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

const sameValue = (a: CustomFieldValue | undefined, b: CustomFieldValue | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

/** The keys whose value differs, each before and after (null: none). */
export function changedCustomFields(
  before: CustomFieldValues,
  after: CustomFieldValues,
): { key: string; before: CustomFieldValue | null; after: CustomFieldValue | null }[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys
    .filter((key) => !sameValue(before[key], after[key]))
    .map((key) => ({ key, before: before[key] ?? null, after: after[key] ?? null }));
}

/**
 * The refusal of closing a ticket whose values leave a field required to close empty (active fields
 * only: a deactivated field asks nothing of anyone), or undefined when nothing is missing.
 */
export function missingToClose(fields: readonly TicketField[], values: CustomFieldValues) {
  const missing = fields.filter(
    (field) => field.active && field.requiredToClose && values[field.key] === undefined,
  );
  if (missing.length === 0) return undefined;
  return fieldRefusal(
    Object.fromEntries(
      missing.map((field) => [
        `customFields.${field.key}`,
        [TICKET_FIELD_MESSAGES.requiredToClose(field.label)],
      ]),
    ),
  );
}
