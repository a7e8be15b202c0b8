/**
 * Tags and custom ticket fields (issue 38). Plain zod only: the SPA imports this file.
 *
 * - GET /api/ticket-fields (every signed-in user) → TicketFieldsResponse, by position.
 * - POST /api/ticket-fields {key, label, type, options?, requiredToClose?, portal?} (admins) → 201 {field};
 *   PUT /api/ticket-fields/{id} {label?, options?, requiredToClose?, active?, portal?, position?, type?} →
 *   {field}. Agents get 403. Nothing a ticket uses can vanish: a field is deactivated, never deleted;
 *   an option is deactivated, never removed while a ticket holds it; a type changes only while no
 *   ticket has a value (409 with `ticketCount` otherwise).
 * - GET /api/tags?search=&limit= → TagsResponse: tags of tickets not deleted, most used first.
 * - GET /api/reports/fields/{key}?start=&end= → FieldReportResponse.
 * - Tickets carry `tags` and `customFields`; the list filters `tags`, `without_tags`, `cf.<key>`,
 *   `cf.<key>.gte`, `cf.<key>.lte` and `sort=cf.<key>` (shared/contracts/tickets.ts).
 */
import { z } from 'zod';
import { isoDate, labelled, withoutNul } from './common';
export { formatCustomFieldValue } from './ticket-field-format';

export const TICKET_FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'decimal',
  'date',
  'checkbox',
  'dropdown',
  'multiselect',
] as const;
export type TicketFieldType = (typeof TICKET_FIELD_TYPES)[number];

/** How each type is named in Settings → Ticket Fields. */
export const TICKET_FIELD_TYPE_LABELS: Record<TicketFieldType, string> = {
  text: 'Text',
  textarea: 'Long Text',
  number: 'Number',
  decimal: 'Decimal',
  date: 'Date',
  checkbox: 'Checkbox',
  dropdown: 'Dropdown',
  multiselect: 'Multi-Select',
};

/** Types whose values are one of its options. */
export const OPTION_FIELD_TYPES = ['dropdown', 'multiselect'] as const satisfies readonly TicketFieldType[];
/** Types the report by field groups by (GET /api/reports/fields/{key}) and the filter panel lists. */
export const REPORTABLE_FIELD_TYPES = ['dropdown', 'multiselect', 'checkbox'] as const;
/** Types the list filters by a range (`cf.<key>.gte` / `.lte`). */
export const RANGE_FIELD_TYPES = ['number', 'decimal', 'date'] as const;

/**
 * The fields a form, a filter or an export offers: the active ones, in position order (an inactive
 * field's values still show on the tickets that have them).
 */
export const activeFields = (fields: readonly TicketField[] | undefined): TicketField[] =>
  (fields ?? []).filter((field) => field.active);

export const hasOptions = (type: TicketFieldType) => (OPTION_FIELD_TYPES as readonly string[]).includes(type);
export const isRangeType = (type: TicketFieldType) => (RANGE_FIELD_TYPES as readonly string[]).includes(type);
export const isReportableType = (type: TicketFieldType) =>
  (REPORTABLE_FIELD_TYPES as readonly string[]).includes(type);

export const TICKET_FIELD_LIMITS = {
  key: 40,
  label: 100,
  options: 200,
  optionValue: 100,
  optionLabel: 100,
  text: 1_000,
  textarea: 10_000,
  /** Active and inactive together: 150 fields made a peer's screens crawl (zammad #2452). */
  fields: 100,
  tags: 20,
  tag: 40,
  tagsSearchLimit: 50,
} as const;

/** The list filter's value for "has no value" (`cf.category=none`). */
export const NO_VALUE = 'none';

export const TICKET_FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
/** Letters (any script, lower-cased), digits, -, _ and ., 1 to 40 of them. */
export const TAG_PATTERN = /^[\p{Ll}\p{Lo}\p{N}_.-]{1,40}$/u;

export const TICKET_FIELD_MESSAGES = {
  keyShape: 'Key must start with a lower-case letter, then up to 39 lower-case letters, digits or _',
  keyTaken: 'Another field already has this key',
  labelRequired: 'Label is required',
  optionsRequired: 'A dropdown or multi-select field needs at least one option',
  optionsOnlyForChoices: 'Only dropdown and multi-select fields have options',
  optionValueTaken: 'Each option needs its own value',
  fieldNotFound: 'Ticket field not found',
  tooManyFields: `At most ${TICKET_FIELD_LIMITS.fields} ticket fields`,
  optionInUse: (value: string, count: number) =>
    `Option ${value} is on ${count} ${count === 1 ? 'ticket' : 'tickets'}: deactivate it instead`,
  typeInUse: (count: number) =>
    `This field has values on ${count} ${count === 1 ? 'ticket' : 'tickets'}: its type cannot change`,
  unknownField: 'No active ticket field has this key',
  notReportable: 'Only dropdown, multi-select and checkbox fields are reported by value',
  requiredToClose: (label: string) => `${label} is required to close this ticket`,
  tagShape: 'Tags are 1–40 letters, digits, -, _ or .',
  tooManyTags: `At most ${TICKET_FIELD_LIMITS.tags} tags per ticket`,
} as const;

const text = (label: string, max: number) =>
  labelled(
    z
      .string()
      .trim()
      .min(1, TICKET_FIELD_MESSAGES.labelRequired)
      .max(max, `At most ${max} characters`)
      .refine(withoutNul, 'Must not contain NUL characters'),
    label,
  );

export const ticketFieldOptionSchema = z.object({
  value: labelled(
    z
      .string()
      .trim()
      .min(1, 'Option value is required')
      .max(TICKET_FIELD_LIMITS.optionValue, `At most ${TICKET_FIELD_LIMITS.optionValue} characters`)
      .refine(withoutNul, 'Must not contain NUL characters'),
    'Option value',
  ),
  label: text('Option label', TICKET_FIELD_LIMITS.optionLabel),
  active: z.boolean().default(true),
});
export type TicketFieldOption = z.output<typeof ticketFieldOptionSchema>;

const optionsSchema = labelled(
  z
    .array(ticketFieldOptionSchema)
    .max(TICKET_FIELD_LIMITS.options, `At most ${TICKET_FIELD_LIMITS.options} options`)
    .refine(
      (options) => new Set(options.map((option) => option.value)).size === options.length,
      TICKET_FIELD_MESSAGES.optionValueTaken,
    ),
  'Options',
);

export const ticketFieldTypeSchema = labelled(
  z.enum(TICKET_FIELD_TYPES, { error: `Type must be one of ${TICKET_FIELD_TYPES.join(', ')}` }),
  'Type',
);

export const createTicketFieldSchema = z
  .object({
    key: labelled(z.string().trim().regex(TICKET_FIELD_KEY_PATTERN, TICKET_FIELD_MESSAGES.keyShape), 'Key'),
    label: text('Label', TICKET_FIELD_LIMITS.label),
    type: ticketFieldTypeSchema,
    options: optionsSchema.optional(),
    requiredToClose: labelled(z.boolean(), 'Required to close').optional(),
    /** Shown to requesters in the portal and filled by them on a new ticket there (issue 41). */
    portal: labelled(z.boolean(), 'Show in portal').optional(),
  })
  .superRefine((input, ctx) => {
    const needsOptions = hasOptions(input.type);
    if (needsOptions && !input.options?.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: TICKET_FIELD_MESSAGES.optionsRequired });
    }
    if (!needsOptions && input.options?.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: TICKET_FIELD_MESSAGES.optionsOnlyForChoices,
      });
    }
  });
export type CreateTicketFieldInput = z.output<typeof createTicketFieldSchema>;

export const updateTicketFieldSchema = z
  .object({
    label: text('Label', TICKET_FIELD_LIMITS.label).optional(),
    type: ticketFieldTypeSchema.optional(),
    options: optionsSchema.optional(),
    requiredToClose: labelled(z.boolean(), 'Required to close').optional(),
    active: labelled(z.boolean(), 'Active').optional(),
    portal: labelled(z.boolean(), 'Show in portal').optional(),
    /** 0-based place among all fields; the others shift to make room. */
    position: labelled(z.number().int().min(0).max(TICKET_FIELD_LIMITS.fields), 'Position').optional(),
  })
  .refine((value) => Object.values(value).some((v) => v !== undefined), 'Give at least one field to change');
export type UpdateTicketFieldInput = z.output<typeof updateTicketFieldSchema>;

export const ticketFieldSchema = z.object({
  id: z.string(),
  key: z.string(),
  label: z.string(),
  type: z.enum(TICKET_FIELD_TYPES),
  options: z.array(ticketFieldOptionSchema),
  requiredToClose: z.boolean(),
  active: z.boolean(),
  position: z.number().int(),
  /** Shown to requesters in the portal (issue 41). */
  portal: z.boolean(),
});
export type TicketField = z.infer<typeof ticketFieldSchema>;

export const ticketFieldsResponseSchema = /* @__PURE__ */ z.object({ fields: z.array(ticketFieldSchema) });
export type TicketFieldsResponse = z.infer<typeof ticketFieldsResponseSchema>;
export const ticketFieldResponseSchema = /* @__PURE__ */ z.object({ field: ticketFieldSchema });
export type TicketFieldResponse = z.infer<typeof ticketFieldResponseSchema>;
/** The 409's body beside the usual error: how many tickets hold what the change would remove. */
export const ticketFieldConflictBodySchema = /* @__PURE__ */ z.object({ ticketCount: z.number() });
export type TicketFieldConflictBody = z.infer<typeof ticketFieldConflictBodySchema>;

/** A value as tickets carry it: text, a number, a YYYY-MM-DD date, true/false, an option or options. */
export const customFieldValueSchema = /* @__PURE__ */ z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
]);
export type CustomFieldValue = z.infer<typeof customFieldValueSchema>;
export const customFieldValuesSchema = /* @__PURE__ */ z.record(z.string(), customFieldValueSchema);
export type CustomFieldValues = z.infer<typeof customFieldValuesSchema>;

/** `customFields` of a create or update: values by key, null clearing one (checked by the server). */
export const customFieldsInputSchema = labelled(
  z.record(z.string(), z.unknown(), { error: 'Custom fields must be an object of values by key' }),
  'Custom fields',
);

/** Why a value does not fit its field, or undefined when it does. Both the forms and the server use it. */
export function customFieldValueProblem(field: TicketField, value: unknown): string | undefined {
  const activeOption = (option: unknown) =>
    field.options.some((each) => each.value === option && each.active);
  switch (field.type) {
    case 'text':
    case 'textarea': {
      const max = TICKET_FIELD_LIMITS[field.type];
      if (typeof value !== 'string' || value.trim() === '') return 'Must be text';
      if (value.length > max) return `At most ${max} characters`;
      return withoutNul(value) && !/\p{Cs}/u.test(value) ? undefined : 'Must not contain NUL characters';
    }
    case 'number':
      return typeof value === 'number' && Number.isSafeInteger(value) ? undefined : 'Must be a whole number';
    case 'decimal':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'Must be a number';
    case 'date':
      return isoDate.safeParse(value).success ? undefined : 'Must be a date as YYYY-MM-DD';
    case 'checkbox':
      return typeof value === 'boolean' ? undefined : 'Must be true or false';
    case 'dropdown':
      return typeof value === 'string' && activeOption(value)
        ? undefined
        : 'Must be one of the field’s options';
    case 'multiselect':
      return Array.isArray(value) &&
        value.length > 0 &&
        new Set(value).size === value.length &&
        value.every(activeOption)
        ? undefined
        : 'Must be a list of the field’s options';
  }
}

/** A tag as stored: trimmed and lower-cased. */
export const normaliseTag = (tag: string) => tag.trim().toLowerCase();

const tagSchema = z
  .string()
  .transform(normaliseTag)
  .pipe(z.string().regex(TAG_PATTERN, TICKET_FIELD_MESSAGES.tagShape));

/** A ticket's whole set of tags: normalised, without repeats, at most TICKET_FIELD_LIMITS.tags. */
export const tagsSchema = labelled(
  z
    .array(tagSchema, { error: 'Tags must be a list of tags' })
    .transform((tags) => [...new Set(tags)])
    .pipe(z.array(z.string()).max(TICKET_FIELD_LIMITS.tags, TICKET_FIELD_MESSAGES.tooManyTags)),
  'Tags',
);

/** Tags to add or remove in a bulk change (the per-ticket limit is checked on each ticket). */
export const tagChangeSchema = labelled(
  z
    .array(tagSchema, { error: 'Tags must be a list of tags' })
    .min(1, 'Give at least one tag')
    .max(TICKET_FIELD_LIMITS.tags, TICKET_FIELD_MESSAGES.tooManyTags)
    .transform((tags) => [...new Set(tags)]),
  'Tags',
);

export const tagsQuerySchema = z.object({
  search: z.string().max(TICKET_FIELD_LIMITS.tag).optional(),
  limit: z.coerce.number().int().min(1).max(TICKET_FIELD_LIMITS.tagsSearchLimit).default(10),
});

export const tagCountSchema = /* @__PURE__ */ z.object({
  name: z.string(),
  /** Tickets not deleted carrying it. */
  count: z.number(),
});
export type TagCount = z.infer<typeof tagCountSchema>;
export const tagsResponseSchema = /* @__PURE__ */ z.object({ tags: z.array(tagCountSchema) });
export type TagsResponse = z.infer<typeof tagsResponseSchema>;

/** One value of the report by field; `value` null: the tickets without one. */
export const fieldReportRowSchema = /* @__PURE__ */ z.object({
  value: z.union([z.string(), z.boolean()]).nullable(),
  label: z.string(),
  tickets: z.number(),
  closed: z.number(),
  hours: z.number(),
});
export type FieldReportRow = z.infer<typeof fieldReportRowSchema>;
export const fieldReportResponseSchema = /* @__PURE__ */ z.object({
  field: ticketFieldSchema,
  rows: z.array(fieldReportRowSchema),
});
export type FieldReportResponse = z.infer<typeof fieldReportResponseSchema>;

/** The report row and filter label of tickets without a value. */
export const NO_VALUE_LABEL = 'None';
