import {
  hasOptions,
  TICKET_FIELD_LIMITS,
  type CreateTicketFieldInput,
  type TicketField,
  type TicketFieldType,
  type UpdateTicketFieldInput,
} from '@shared/contracts/ticket-fields';

/** One row of the options editor. */
export interface OptionDraft {
  /** The row's own key in the editor, kept while rows move (never sent). */
  row: string;
  label: string;
  value: string;
  active: boolean;
  /** On the server already: its value is fixed and it cannot be removed, only deactivated (issue 38). */
  saved: boolean;
  /** The value was typed, so the label no longer writes it. */
  valueTouched: boolean;
}

/** The Add Field / Edit Field dialog's values. */
export interface TicketFieldDraft {
  label: string;
  key: string;
  type: TicketFieldType;
  requiredToClose: boolean;
  /** Show in portal: requesters see the field on their tickets and fill it on a new one (issue 41). */
  portal: boolean;
  options: OptionDraft[];
}

/** Lower case, accents dropped ("Métier" → "metier"), so a slug reads as the label does. */
const plain = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The key a label suggests while the key is untouched: lower-case ASCII letters, digits and _, starting
 * with a letter ("Device Type" → "device_type", "2nd Line" → "field_2nd_line"), at most 40. Empty when
 * the label has no such character: the admin types one, the rule under the input says how.
 */
export function keyFromLabel(label: string): string {
  const words = plain(label)
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (words === '') return '';
  const key = /^[a-z]/.test(words) ? words : `field_${words}`;
  return key.slice(0, TICKET_FIELD_LIMITS.key).replace(/_+$/, '');
}

/**
 * The value a new option's label suggests: lower case, letters of any script and digits, words joined
 * by "-" ("Wi-Fi / LAN" → "wi-fi-lan"). It ends up in list URLs (`cf.category=network,vpn`), so no
 * commas or spaces.
 */
export function optionValueFromLabel(label: string): string {
  return plain(label)
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, TICKET_FIELD_LIMITS.optionValue)
    .replace(/-+$/, '');
}

let rows = 0;
const nextRow = () => `option-row-${(rows += 1)}`;

export const newOption = (): OptionDraft => ({
  row: nextRow(),
  label: '',
  value: '',
  active: true,
  saved: false,
  valueTouched: false,
});

/** The dialog's values for `field`, or a new field's (a text field, nothing required, not in the portal). */
export function draftOf(field: TicketField | null): TicketFieldDraft {
  if (!field) return { label: '', key: '', type: 'text', requiredToClose: false, portal: false, options: [] };
  return {
    label: field.label,
    key: field.key,
    type: field.type,
    requiredToClose: field.requiredToClose,
    portal: field.portal,
    options: field.options.map((option) => ({ ...option, row: nextRow(), saved: true, valueTouched: true })),
  };
}

/** The options as the API takes them; none for a type without options (the editor's rows stay unsent). */
const optionsOf = (draft: TicketFieldDraft) =>
  hasOptions(draft.type)
    ? draft.options.map(({ label, value, active }) => ({ label, value, active }))
    : undefined;

/** POST /api/ticket-fields's body for the draft. */
export function createInputOf(draft: TicketFieldDraft): CreateTicketFieldInput {
  return {
    key: draft.key,
    label: draft.label,
    type: draft.type,
    options: optionsOf(draft),
    requiredToClose: draft.requiredToClose,
    portal: draft.portal,
  };
}

/**
 * PUT /api/ticket-fields/{id}'s body: the type only when it changed (the server refuses a change while
 * tickets have values, 409), the options only for a type that has them.
 */
export function updateInputOf(draft: TicketFieldDraft, field: TicketField): UpdateTicketFieldInput {
  return {
    label: draft.label,
    ...(draft.type === field.type ? {} : { type: draft.type }),
    options: optionsOf(draft),
    requiredToClose: draft.requiredToClose,
    portal: draft.portal,
  };
}

/** `items` with the one at `from` moved to `to`; the same items when either is outside the list. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
