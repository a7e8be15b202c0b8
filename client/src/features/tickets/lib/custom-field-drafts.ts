import {
  customFieldValueProblem,
  TICKET_FIELD_MESSAGES,
  type CustomFieldValue,
  type CustomFieldValues,
  type TicketField,
} from '@shared/contracts/ticket-fields';

/**
 * What a field's input holds while it is edited (issue 38): the typed text of a text, number or date
 * field, the chosen option of a dropdown ('' for none), the ticked options of a multi-select, and a
 * checkbox's state (null: never answered, so "no value").
 */
export type FieldDraft = string | boolean | null | string[];
export type FieldDrafts = Record<string, FieldDraft>;

/** The input's starting state for a stored value (undefined: the ticket has none). */
export function draftOf(field: TicketField, value: CustomFieldValue | undefined): FieldDraft {
  switch (field.type) {
    case 'checkbox':
      return typeof value === 'boolean' ? value : null;
    case 'multiselect':
      return Array.isArray(value) ? value : [];
    case 'number':
    case 'decimal':
      return value === undefined ? '' : String(value);
    default:
      return typeof value === 'string' ? value : '';
  }
}

export const isEmptyDraft = (draft: FieldDraft | undefined): boolean =>
  draft === undefined ||
  draft === null ||
  (typeof draft === 'string' && draft.trim() === '') ||
  (Array.isArray(draft) && draft.length === 0);

export type DraftValue = { ok: true; value: CustomFieldValue | null } | { ok: false; problem: string };

/**
 * The value a draft stands for, checked as the server checks it (customFieldValueProblem); an empty
 * draft is null, which clears the value. Numbers are read from the typed text.
 */
export function valueOfDraft(field: TicketField, draft: FieldDraft | undefined): DraftValue {
  if (draft === undefined || isEmptyDraft(draft)) return { ok: true, value: null };
  const value =
    (field.type === 'number' || field.type === 'decimal') && typeof draft === 'string'
      ? Number(draft.trim())
      : typeof draft === 'string'
        ? draft.trim()
        : draft;
  const problem = customFieldValueProblem(field, value);
  return problem === undefined ? { ok: true, value: value as CustomFieldValue } : { ok: false, problem };
}

const sameValue = (a: CustomFieldValue | null | undefined, b: CustomFieldValue | null | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export interface CustomFieldsPatch {
  /** Only the keys whose value changes; null clears one. */
  changes: Record<string, CustomFieldValue | null>;
  /** A message by key for each draft the server would refuse. */
  problems: Record<string, string>;
}

/**
 * The `customFields` of a PUT from the drafts of edited fields: a key only when its value changes (an
 * untouched field, or one typed back to what it was, is not sent, so a colleague's value is not
 * overwritten with the same old one).
 */
export function customFieldsPatch(
  fields: readonly TicketField[],
  stored: CustomFieldValues,
  drafts: FieldDrafts,
): CustomFieldsPatch {
  const patch: CustomFieldsPatch = { changes: {}, problems: {} };
  for (const field of fields) {
    if (!(field.key in drafts)) continue;
    const result = valueOfDraft(field, drafts[field.key]);
    if (!result.ok) patch.problems[field.key] = result.problem;
    else if (!sameValue(result.value, stored[field.key])) patch.changes[field.key] = result.value;
  }
  return patch;
}

/**
 * The fields Ticket Information lists: active ones by position, and inactive ones the ticket still
 * has a value for (shown, never edited: nothing a ticket uses vanishes).
 */
export function fieldsToShow(fields: readonly TicketField[], values: CustomFieldValues): TicketField[] {
  return [...fields]
    .filter((field) => field.active || values[field.key] !== undefined)
    .sort((a, b) => a.position - b.position);
}

/** Active fields required to close that the ticket has no value for: what the Close Ticket card asks. */
export const missingToClose = (fields: readonly TicketField[], values: CustomFieldValues): TicketField[] =>
  fields.filter((field) => field.active && field.requiredToClose && values[field.key] === undefined);

/** "Category", "Category and Device", "Category, Device, and Site": as the spec's own toast lists. */
export const listOfLabels = (labels: readonly string[]) =>
  new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(labels);

export interface CloseFieldsCheck {
  /** The values to save before closing. */
  values: CustomFieldValues;
  /** A message by key: "… is required to close this ticket" for an empty one, else why it is refused. */
  errors: Record<string, string>;
  /** The labels of those still empty, for the "Missing Information" toast. */
  empty: string[];
}

/** The Close Ticket card's fields required to close (issue 38): each must be filled, and valid. */
export function checkCloseFields(missing: readonly TicketField[], drafts: FieldDrafts): CloseFieldsCheck {
  const check: CloseFieldsCheck = { values: {}, errors: {}, empty: [] };
  for (const field of missing) {
    const result = valueOfDraft(field, drafts[field.key]);
    if (!result.ok) check.errors[field.key] = result.problem;
    else if (result.value === null) {
      check.errors[field.key] = TICKET_FIELD_MESSAGES.requiredToClose(field.label);
      check.empty.push(field.label);
    } else check.values[field.key] = result.value;
  }
  return check;
}
