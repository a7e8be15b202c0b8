import { z } from 'zod';
import {
  ASSIGNMENT_STATUSES,
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  DEFAULT_TICKET_SORT,
  MANUAL_TICKET_STATUSES,
  MAX_PAGE_SIZE,
  SORT_ORDERS,
  TICKET_EVENT_KINDS,
  TICKET_PRIORITIES,
  TICKET_SORT_META,
  TICKET_SORTS,
  TICKET_STATUSES,
  type AssignmentStatus,
  type SortOrder,
  type TicketSort,
  type TicketPriority,
  type TicketStatus,
} from '../constants';
import { isoDate, labelled, withoutNul } from './common';
import { SLA_FILTER_STATES, ticketSlaSchema, type SlaFilterState } from './sla';
import { customFieldsInputSchema, normaliseTag, tagChangeSchema, tagsSchema } from './ticket-fields';

/** An attachment as recorded on a ticket: its metadata only (the content is not stored). */
export const ticketAttachmentSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

/** Bounds that keep every accepted value storable in its column (docs/decisions/019-ticket-input-bounds.md). */
export const TICKET_LIMITS = {
  ticketNumber: 64,
  subject: 1_000,
  body: 200_000,
  fromName: 200,
  fromEmail: 320,
  notes: 500_000,
  noteText: 10_000,
  attachments: 100,
  attachmentText: 500,
  search: 200,
  bulkIds: 500,
  maxPage: 100_000,
  /** numeric(6,2) holds at most 9999.99. */
  timeSpent: 9_999.99,
  minYear: 1900,
  maxYear: 9999,
  /**
   * How far a client's clock may be from the server's: a new note's timestamp, a given closedAt and
   * a given assignedAt may be this far ahead of (a note's and assignedAt's also behind) the server's
   * time.
   */
  clockSkewMinutes: 5,
} as const;

export const TICKET_MESSAGES = {
  subjectRequired: 'Subject is required',
  bodyRequired: 'Description is required',
  fromNameRequired: 'From name is required',
  fromEmailRequired: 'From email is required',
  invalidEmail: 'Invalid email address',
  ticketNumberShape: "Ticket number must be 'T-' followed by digits",
  newTicketIsOpen: 'A new ticket is always open',
  statusChoices: `Status must be one of ${MANUAL_TICKET_STATUSES.join(', ')}`,
  harvestStatusReserved:
    'closed_with_harvest is set only by the Harvest sync once a time entry is pushed; use closed instead',
  noteRequired: 'Note text is required',
  nothingToUpdate: 'Give at least one field to change',
  unknownUser: 'No user has this id',
  ticketNotFound: 'Ticket not found',
  deletingForAdmins: 'Only administrators may delete tickets',
  trashForAdmins: 'Only administrators may see, restore or purge deleted tickets',
  notInTrash: 'This ticket is not in the Trash',
  ticketsNotFound: 'Some tickets do not exist',
  noTicketsSelected: 'Select at least one ticket',
  tooManyTickets: `At most ${TICKET_LIMITS.bulkIds} tickets at once`,
  invalidId: 'Must be a valid id',
  noNul: 'Must not contain NUL characters',
  unpairedSurrogate: 'Must not contain unpaired surrogate characters',
  timestamp: `Must be an ISO 8601 date-time between the years ${TICKET_LIMITS.minYear} and ${TICKET_LIMITS.maxYear}`,
  dateBound: `Must be an ISO date (YYYY-MM-DD) or date-time between the years ${TICKET_LIMITS.minYear} and ${TICKET_LIMITS.maxYear}`,
  closedAtNeedsClosedStatus: 'Only a closed ticket has a closing time',
  assignedAtNeedsAssignee: 'Only an assigned ticket has an assignment time',
  closedAtBeforeCreated: 'A ticket cannot be closed before it was created',
  closedAtInFuture: 'A ticket cannot be closed in the future',
  assignedAtBeforeCreated: 'A ticket cannot be assigned before it was created',
  assignedAtNotCurrent: `The assignment time must be within ${TICKET_LIMITS.clockSkewMinutes} minutes of the server's time`,
  notesAppendOnly:
    'Existing notes cannot be changed, removed or reordered; send them back as they are and add new notes after them',
  notesNotAList: 'Notes must be a JSON list of note entries',
  noteNotYours: 'New notes must carry your own user id, name and initials',
  noteTooLong: `At most ${TICKET_LIMITS.noteText} characters per note`,
  noteTimestampNotCurrent: `New notes must be timestamped within ${TICKET_LIMITS.clockSkewMinutes} minutes of the server's time`,
  harvestEntryNotOnTicket: 'Must be the Harvest id of a time entry recorded for this ticket',
  ticketNumberUnavailable: 'Could not allocate a ticket number; please try again',
} as const;

/** Any PostgreSQL uuid (not only RFC 4122 versions: imported data may hold others). */
export const idSchema = z.guid(TICKET_MESSAGES.invalidId).transform((id) => id.toLowerCase());

/** Text that must be given (after trimming), at most `max` characters, and storable. */
export function requiredText(message: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? message : `${message} (as text)`) })
    .trim()
    .min(1, message)
    .max(max, `At most ${max} characters`)
    .refine(withoutNul, TICKET_MESSAGES.noNul);
}

const optionalText = (max: number) =>
  z.string().max(max, `At most ${max} characters`).refine(withoutNul, TICKET_MESSAGES.noNul);

/** A date the app stores and shows: a real one, within TICKET_LIMITS' years. */
export function inSupportedYears(value: string): boolean {
  const time = new Date(value);
  const year = time.getUTCFullYear();
  return !Number.isNaN(time.getTime()) && year >= TICKET_LIMITS.minYear && year <= TICKET_LIMITS.maxYear;
}

/** An ISO 8601 date-time (with an offset, or local to the server when it has none). */
export const timestampString = z.iso
  .datetime({ offset: true, local: true, error: TICKET_MESSAGES.timestamp })
  .refine(inSupportedYears, TICKET_MESSAGES.timestamp);
const timestampInput = timestampString.transform((value) => new Date(value));

/** A list filter bound: a calendar date (a whole day) or an exact date-time. */
export const dateBoundString = z
  .string()
  .refine(
    (value) =>
      (isoDate.safeParse(value).success || timestampString.safeParse(value).success) &&
      inSupportedYears(value),
    TICKET_MESSAGES.dateBound,
  );

export const ticketStatusSchema = z.enum(TICKET_STATUSES);
export const ticketPrioritySchema = z.enum(TICKET_PRIORITIES);

/** The statuses a person may set; closed_with_harvest belongs to the Harvest sync (spec §4). */
export const manualTicketStatusSchema = z.enum(MANUAL_TICKET_STATUSES, {
  error: (issue) =>
    issue.input === 'closed_with_harvest'
      ? TICKET_MESSAGES.harvestStatusReserved
      : TICKET_MESSAGES.statusChoices,
});

// jsonb refuses an unpaired UTF-16 surrogate (text columns would store U+FFFD in its place instead).
export const jsonText = (max: number) =>
  optionalText(max).refine((value) => !/\p{Cs}/u.test(value), TICKET_MESSAGES.unpairedSurrogate);

const attachmentInputSchema = ticketAttachmentSchema.extend({
  filename: jsonText(TICKET_LIMITS.attachmentText),
  contentType: jsonText(TICKET_LIMITS.attachmentText),
});

export const createTicketSchema = z.object({
  /** Optional: the server replaces a missing or already-used number with one of its own. */
  ticketNumber: z
    .string()
    .trim()
    .max(TICKET_LIMITS.ticketNumber, `At most ${TICKET_LIMITS.ticketNumber} characters`)
    .regex(/^T-\d+$/, TICKET_MESSAGES.ticketNumberShape)
    .optional(),
  subject: requiredText(TICKET_MESSAGES.subjectRequired, TICKET_LIMITS.subject),
  body: requiredText(TICKET_MESSAGES.bodyRequired, TICKET_LIMITS.body),
  fromEmail: requiredText(TICKET_MESSAGES.fromEmailRequired, TICKET_LIMITS.fromEmail).pipe(
    z.email(TICKET_MESSAGES.invalidEmail),
  ),
  fromName: requiredText(TICKET_MESSAGES.fromNameRequired, TICKET_LIMITS.fromName),
  priority: ticketPrioritySchema.optional(),
  assignedTo: idSchema.nullable().optional(),
  status: z.literal('open', TICKET_MESSAGES.newTicketIsOpen).optional(),
  originalEmailDate: timestampInput.nullable().optional(),
  attachments: z
    .array(attachmentInputSchema)
    .max(TICKET_LIMITS.attachments, `At most ${TICKET_LIMITS.attachments} attachments`)
    .optional(),
  /** Issue 38: the ticket's tags, and its custom fields' values by key (checked by the server). */
  tags: tagsSchema.optional(),
  customFields: customFieldsInputSchema.optional(),
  /** Issue 39: the ticket's group; null or absent for none. */
  groupId: labelled(idSchema, 'Group').nullable().optional(),
});
export type CreateTicketInput = z.output<typeof createTicketSchema>;

const hasAnyField = (value: Record<string, unknown>) => Object.values(value).some((v) => v !== undefined);

/**
 * PUT /api/tickets/:id. lastUpdatedBy is not accepted: the server always records the caller. `notes`
 * only appends (the server checks the rest: server/core/tickets/ticket-notes-append.ts).
 */
export const updateTicketSchema = z
  .object({
    status: manualTicketStatusSchema.optional(),
    priority: ticketPrioritySchema.optional(),
    assignedTo: idSchema.nullable().optional(),
    assignedAt: timestampInput.nullable().optional(),
    notes: optionalText(TICKET_LIMITS.notes).nullable().optional(),
    timeSpent: z
      .number()
      .nonnegative()
      .max(TICKET_LIMITS.timeSpent, `At most ${TICKET_LIMITS.timeSpent} hours`)
      .nullable()
      .optional(),
    harvestTimeEntryId: z.number().int().positive().nullable().optional(),
    closedAt: timestampInput.nullable().optional(),
    /** Issue 38: the whole new set of tags. */
    tags: tagsSchema.optional(),
    /** Issue 38: values by key, merged key by key; null clears one. */
    customFields: customFieldsInputSchema.optional(),
    /** Issue 39: the ticket's group; null takes it out of any. */
    groupId: labelled(idSchema, 'Group').nullable().optional(),
  })
  .refine(hasAnyField, TICKET_MESSAGES.nothingToUpdate);
export type UpdateTicketInput = z.output<typeof updateTicketSchema>;

export const ticketIdsSchema = z
  .array(idSchema)
  .min(1, TICKET_MESSAGES.noTicketsSelected)
  .max(TICKET_LIMITS.bulkIds, TICKET_MESSAGES.tooManyTickets);

export const bulkUpdateTicketsSchema = z.object({
  ticketIds: ticketIdsSchema,
  updates: z
    .object({
      status: manualTicketStatusSchema.optional(),
      /** null unassigns. */
      assignedTo: idSchema.nullable().optional(),
      /** Issue 38: tags added to and removed from each ticket (removal wins for a tag in both). */
      addTags: labelled(tagChangeSchema, 'Add tags').optional(),
      removeTags: labelled(tagChangeSchema, 'Remove tags').optional(),
      /** Issue 39: every ticket into this group; null takes them out of any. */
      groupId: labelled(idSchema, 'Group').nullable().optional(),
    })
    .refine(hasAnyField, TICKET_MESSAGES.nothingToUpdate),
});
export type BulkUpdateTicketsInput = z.output<typeof bulkUpdateTicketsSchema>;

export const bulkDeleteTicketsSchema = z.object({ ticketIds: ticketIdsSchema });
export type BulkDeleteTicketsInput = z.output<typeof bulkDeleteTicketsSchema>;

export const addNoteSchema = z.object({
  text: requiredText(TICKET_MESSAGES.noteRequired, TICKET_LIMITS.noteText),
});
export type AddNoteInput = z.output<typeof addNoteSchema>;

/**
 * GET /api/tickets/:id/check-updates. The check also says the caller has the ticket open (presence,
 * issue 18): `typing` true or false records whether they are writing a note or reply; left out, it
 * stays as it was (the check before a save leaves it alone).
 */
export const checkUpdatesQuerySchema = z.object({
  since: timestampInput,
  typing: z
    .enum(['true', 'false'], 'typing must be true or false')
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
});

/** The list's filters as the SPA holds them (spec §3 "List filters"). */
export interface TicketListFilters {
  page: number;
  limit: number;
  search?: string;
  status?: TicketStatus[];
  priority?: TicketPriority[];
  assignedTo?: string;
  assignmentStatus?: AssignmentStatus;
  /** Each bound is a date (YYYY-MM-DD, a whole day in the server's time zone) or a date-time. */
  createdAfter?: string;
  createdBefore?: string;
  closedAfter?: string;
  closedBefore?: string;
  /** Unset: the spec's newest first (`createdAt`); `cf.<key>` sorts by a custom field (issue 38). */
  sort?: TicketListSort;
  /** Unset: the sort's first direction (TICKET_SORT_META). */
  order?: SortOrder;
  /** The Trash instead of the live tickets (admins only, issue 26). */
  deleted?: boolean;
  /** Only tickets in these SLA states (issue 24); matches nothing while SLA is off. */
  sla?: SlaFilterState[];
  /** Issue 38: tickets carrying at least one of these tags. */
  tags?: string[];
  /** Issue 38: tickets carrying none of these tags. */
  withoutTags?: string[];
  /** Issue 38: conditions on custom fields, by key (`cf.<key>`, `cf.<key>.gte`, `cf.<key>.lte`). */
  customFields?: Record<string, CustomFieldFilter>;
  /** Issue 39: tickets in one of these groups, by id; NO_GROUP for tickets in none. */
  groups?: string[];
}

/** In the list's `group` filter: tickets in no group (issue 39). */
export const NO_GROUP = 'none';

/**
 * One custom field's condition in the list (issue 38): equal to one of `values` (for a multi-select,
 * holding one of them; NO_VALUE for none), and within the bounds (inclusive) for a number, decimal or
 * date. The values are the query's text; the server reads them by the field's type.
 */
export interface CustomFieldFilter {
  values?: string[];
  gte?: string;
  lte?: string;
}

/** A sort on a custom field (issue 38): `cf.<key>`. */
export type CustomFieldSort = `cf.${string}`;
export type TicketListSort = TicketSort | CustomFieldSort;

export const CUSTOM_FIELD_PARAM_PREFIX = 'cf.';
const CUSTOM_FIELD_PARAM = /^cf\.([a-z][a-z0-9_]{0,39})(?:\.(gte|lte))?$/;

/** The field key of a custom field sort, or undefined for the spec's sorts. */
export const customFieldSortKey = (sort: string | undefined): string | undefined =>
  sort?.startsWith(CUSTOM_FIELD_PARAM_PREFIX) ? sort.slice(CUSTOM_FIELD_PARAM_PREFIX.length) : undefined;

/** The sort and direction a list's filters ask for, with the defaults filled in. */
export function effectiveSort(filters: Pick<TicketListFilters, 'sort' | 'order'>): {
  sort: TicketListSort;
  order: SortOrder;
} {
  const sort = filters.sort ?? DEFAULT_TICKET_SORT;
  const firstOrder =
    customFieldSortKey(sort) === undefined ? TICKET_SORT_META[sort as TicketSort].firstOrder : 'asc';
  return { sort, order: filters.order ?? firstOrder };
}

/** An empty query parameter (`assigned_to=`) means the filter is not set. */
const queryParam = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** One or several values, comma-joined (`status=open,in_progress`) or repeated. */
function listParam<const T extends readonly [string, ...string[]]>(values: T) {
  const allowed = new Set<string>(values);
  const isAllowed = (value: string): value is T[number] => allowed.has(value);
  return z.union([z.string(), z.array(z.string())]).transform((raw, ctx) => {
    const items = (Array.isArray(raw) ? raw : [raw])
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter(Boolean);
    const unknown = items.filter((item) => !isAllowed(item));
    if (unknown.length > 0) {
      ctx.issues.push({
        code: 'custom',
        input: raw,
        message: `Unknown value ${unknown.join(', ')}; use ${values.join(', ')}`,
      });
      return z.NEVER;
    }
    const known = [...new Set(items.filter(isAllowed))];
    return known.length > 0 ? known : undefined;
  });
}

/** Groups in a list filter (`group=<id>,none`): ids, lower-cased, and NO_GROUP; anything else is a 400. */
const groupListParam = z.union([z.string(), z.array(z.string())]).transform((raw, ctx) => {
  const items = (Array.isArray(raw) ? raw : [raw])
    .flatMap((part) => part.split(','))
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
  const unknown = items.filter((item) => item !== NO_GROUP && !idSchema.safeParse(item).success);
  if (unknown.length > 0) {
    ctx.issues.push({
      code: 'custom',
      input: raw,
      message: `Unknown value ${unknown.join(', ')}; use group ids or ${NO_GROUP}`,
    });
    return z.NEVER;
  }
  return items.length > 0 ? [...new Set(items)] : undefined;
});

/** Tags in a list filter (`tags=vip,network`): normalised as stored, so `VIP` finds `vip`. */
const tagListParam = z.union([z.string(), z.array(z.string())]).transform((raw) => {
  const tags = (Array.isArray(raw) ? raw : [raw])
    .flatMap((part) => part.split(','))
    .map(normaliseTag)
    .filter(Boolean);
  return tags.length > 0 ? [...new Set(tags)] : undefined;
});

/** A custom field parameter's text: one value, comma-joined values or repeated ones. */
const customFieldParam = z.union([z.string(), z.array(z.string())]);

/**
 * The custom field parameters (`cf.<key>`, `cf.<key>.gte`, `cf.<key>.lte`) of a query, by key. Their
 * values are checked against each field's type by the server, which knows the fields.
 */
function customFieldFilters(
  query: Record<string, unknown>,
  ctx: z.RefinementCtx,
): Record<string, CustomFieldFilter> | undefined {
  const filters: Record<string, CustomFieldFilter> = {};
  for (const [param, raw] of Object.entries(query)) {
    if (!param.startsWith(CUSTOM_FIELD_PARAM_PREFIX) || raw === undefined || raw === '') continue;
    const match = CUSTOM_FIELD_PARAM.exec(param);
    const parsed = customFieldParam.safeParse(raw);
    if (!match || !parsed.success) {
      ctx.addIssue({
        code: 'custom',
        path: [param],
        message: 'Not a custom field filter: use cf.<key>, cf.<key>.gte or cf.<key>.lte',
      });
      continue;
    }
    const [, key, bound] = match as unknown as [string, string, 'gte' | 'lte' | undefined];
    const values = (Array.isArray(parsed.data) ? parsed.data : [parsed.data])
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter(Boolean);
    if (values.length === 0) continue;
    const filter = (filters[key] ??= {});
    if (bound) filter[bound] = values[values.length - 1];
    else filter.values = [...new Set(values)];
  }
  return Object.keys(filters).length > 0 ? filters : undefined;
}

const listSortParam = z.union(
  [
    z.enum(TICKET_SORTS),
    z
      .string()
      .regex(/^cf\.[a-z][a-z0-9_]{0,39}$/)
      .transform((sort) => sort as CustomFieldSort),
  ],
  { error: `Sort must be one of ${TICKET_SORTS.join(', ')}, or cf.<key> for a custom field` },
);

/** Whether `param` is a parameter of the ticket list (saved views keep only those). */
export const isTicketListParam = (param: string): boolean =>
  Object.hasOwn(ticketListParams.shape, param) || CUSTOM_FIELD_PARAM.test(param);

/** GET /api/tickets: the query string (snake_case, spec §7) parsed into TicketListFilters. */
export const ticketListParams = z
  .object({
    page: queryParam(z.coerce.number().int().min(1).max(TICKET_LIMITS.maxPage)),
    limit: queryParam(z.coerce.number().int().min(1).max(MAX_PAGE_SIZE)),
    search: queryParam(optionalText(TICKET_LIMITS.search)),
    status: queryParam(listParam(TICKET_STATUSES)),
    priority: queryParam(listParam(TICKET_PRIORITIES)),
    assigned_to: queryParam(idSchema),
    assignment_status: queryParam(z.enum(ASSIGNMENT_STATUSES)),
    created_after: queryParam(dateBoundString),
    created_before: queryParam(dateBoundString),
    closed_after: queryParam(dateBoundString),
    closed_before: queryParam(dateBoundString),
    sort: queryParam(listSortParam),
    order: queryParam(z.enum(SORT_ORDERS, { error: `Order must be one of ${SORT_ORDERS.join(', ')}` })),
    deleted: queryParam(z.enum(['true', 'false'], { error: 'Deleted must be true or false' })),
    sla: queryParam(listParam(SLA_FILTER_STATES)),
    tags: queryParam(tagListParam),
    without_tags: queryParam(tagListParam),
    group: queryParam(groupListParam),
  })
  .catchall(z.unknown());

export const ticketListQuerySchema = ticketListParams.transform((query, ctx): TicketListFilters => ({
  page: query.page ?? DEFAULT_PAGE,
  limit: query.limit ?? DEFAULT_PAGE_SIZE,
  search: query.search?.trim() || undefined,
  status: query.status,
  priority: query.priority,
  assignedTo: query.assigned_to,
  assignmentStatus: query.assignment_status,
  createdAfter: query.created_after,
  createdBefore: query.created_before,
  closedAfter: query.closed_after,
  closedBefore: query.closed_before,
  sort: query.sort,
  order: query.order,
  deleted: query.deleted === 'true' ? true : undefined,
  sla: query.sla,
  tags: query.tags,
  withoutTags: query.without_tags,
  customFields: customFieldFilters(query, ctx),
  groups: query.group,
}));

/** The query string for GET /api/tickets from the list's filters; unset filters are left out. */
export function toTicketListQuery(filters: Partial<TicketListFilters>): Record<string, string> {
  const entries: [string, string | number | readonly string[] | undefined][] = [
    ['page', filters.page],
    ['limit', filters.limit],
    ['search', filters.search],
    ['status', filters.status],
    ['priority', filters.priority],
    ['assigned_to', filters.assignedTo],
    ['assignment_status', filters.assignmentStatus],
    ['created_after', filters.createdAfter],
    ['created_before', filters.createdBefore],
    ['closed_after', filters.closedAfter],
    ['closed_before', filters.closedBefore],
    ['sort', filters.sort],
    ['order', filters.order],
    ['deleted', filters.deleted ? 'true' : undefined],
    ['sla', filters.sla],
    ['tags', filters.tags],
    ['without_tags', filters.withoutTags],
    ['group', filters.groups],
    // Custom fields by key, so a view's query is one text however its filters were written.
    ...Object.keys(filters.customFields ?? {})
      .sort()
      .flatMap((key): [string, string | readonly string[] | undefined][] => {
        const filter = filters.customFields?.[key];
        return [
          [`${CUSTOM_FIELD_PARAM_PREFIX}${key}`, filter?.values],
          [`${CUSTOM_FIELD_PARAM_PREFIX}${key}.gte`, filter?.gte],
          [`${CUSTOM_FIELD_PARAM_PREFIX}${key}.lte`, filter?.lte],
        ];
      }),
  ];
  const query: Record<string, string> = {};
  for (const [key, value] of entries) {
    const text = Array.isArray(value) ? value.join(',') : value === undefined ? '' : String(value);
    if (text !== '') query[key] = text;
  }
  return query;
}

// Responses. Timestamps travel as ISO 8601 strings.
const isoTimestamp = z.iso.datetime({ offset: true });

export const assignedUserSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

export const ticketSchema = z.object({
  id: z.string(),
  ticketNumber: z.string(),
  subject: z.string(),
  body: z.string(),
  fromEmail: z.string(),
  fromName: z.string(),
  status: ticketStatusSchema,
  priority: ticketPrioritySchema,
  assignedTo: z.string().nullable(),
  assignedAt: isoTimestamp.nullable(),
  lastUpdatedBy: z.string().nullable(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
  closedAt: isoTimestamp.nullable(),
  timeSpent: z.number().nullable(),
  harvestTimeEntryId: z.number().nullable(),
  /** JSON-encoded note entries or legacy text: read it with parseNotes from shared/notes.ts. */
  notes: z.string().nullable(),
  originalEmailDate: isoTimestamp.nullable(),
  /** When the requester last wrote: the ticket's creation, or their latest email since (issue 26). */
  lastMessageAt: isoTimestamp,
  /** In the Trash since (issue 26); null for every ticket but those an admin sees there. */
  deletedAt: isoTimestamp.nullable(),
  attachments: z.array(ticketAttachmentSchema),
  assignedUser: assignedUserSchema.nullable(),
  /** The ticket this one was merged into (issue 23), the last of any chain; null when not merged. */
  mergedIntoId: z.string().nullable(),
  /** Its response and resolution targets (issue 24). */
  sla: ticketSlaSchema,
  /** Issue 38: its tags (lower-case), and its custom fields' values by key (only those it has). */
  tags: z.array(z.string()),
  customFields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])),
  /** Issue 39: its group; null for none. */
  groupId: z.string().nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/**
 * A ticket as answered on its own (GET, create, PUT, add note), not in lists: also the body as plain
 * text for the detail's Message (spec §2): HTML converted to text on the server, and with an
 * "[EXTERNAL]" marker, only the text after it. Show this, never `body` as HTML.
 */
export const ticketDetailSchema = ticketSchema.extend({ bodyText: z.string() });
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

/**
 * A ticket as a row of the list: what the table, the filters and the bulk actions use, without the
 * body and the notes (the detail reads them with GET /api/tickets/{id}), so a page of 20 stays small.
 */
export const ticketListItemSchema = ticketSchema.omit({ body: true, notes: true }).extend({
  /**
   * The requester wrote (a reply by email) after the caller last opened the ticket, or the caller
   * never opened it since: each caller's own (issue 26).
   */
  unread: z.boolean(),
});
export type TicketListItem = z.infer<typeof ticketListItemSchema>;

export const ticketResponseSchema = /* @__PURE__ */ z.object({ ticket: ticketDetailSchema });
export type TicketResponse = z.infer<typeof ticketResponseSchema>;

export const ticketListResponseSchema = /* @__PURE__ */ z.object({
  tickets: z.array(ticketListItemSchema),
  total: z.number(),
  /**
   * Present (true) when a search, the `sla` filter (issue 24), or a tags or custom field filter
   * (issue 38) matched more than SEARCH_TOTAL_CAP tickets: `total` is the cap.
   */
  totalCapped: z.literal(true).optional(),
});
export type TicketListResponse = z.infer<typeof ticketListResponseSchema>;

export const bulkUpdateTicketsResponseSchema = /* @__PURE__ */ z.object({ updated: z.number() });
export type BulkUpdateTicketsResponse = z.infer<typeof bulkUpdateTicketsResponseSchema>;

export const bulkDeleteTicketsResponseSchema = /* @__PURE__ */ z.object({ deleted: z.number() });
export type BulkDeleteTicketsResponse = z.infer<typeof bulkDeleteTicketsResponseSchema>;

export const ticketUpdaterSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
/** Someone else with the ticket open now, and whether they are writing a note or reply. */
export const ticketViewerSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  typing: z.boolean(),
});
export type TicketViewer = z.infer<typeof ticketViewerSchema>;

/** The ticket detail's line of who else has it open. */
export const PRESENCE_TEXTS = {
  label: 'Also viewing this ticket',
  viewing: (name: string) => `${name} is viewing`,
  typing: (name: string) => `${name} is typing...`,
} as const;

export const checkUpdatesResponseSchema = z.object({
  wasUpdated: z.boolean(),
  /** Who changed it; null when nothing changed or the change came from no user (e.g. a sync). */
  updatedBy: ticketUpdaterSchema.nullable(),
  currentUserId: z.string(),
  /** Everyone else who has the ticket open (seen within PRESENCE_TIMEOUT_MS), by name. */
  viewers: z.array(ticketViewerSchema),
});
export type CheckUpdatesResponse = z.infer<typeof checkUpdatesResponseSchema>;

/**
 * One entry of a ticket's history (GET /api/tickets/{id}/activity, issue 26). `from` and `to` are the
 * values before and after as text: statuses and priorities as stored, the assignee's name as it was
 * then (null: unassigned), hours logged, the address a message came from or went to; null where the
 * kind has none. `actor` null: the help desk itself (an email, the Harvest sync, data from before the
 * history was kept).
 */
export const ticketEventSchema = z.object({
  id: z.string(),
  kind: z.enum(TICKET_EVENT_KINDS),
  actor: ticketUpdaterSchema.nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Kind `field` (issue 38): the custom field's key (its label: GET /api/ticket-fields). */
  field: z.string().optional(),
  /** A rule made the change (issue 40): its name then; the log says "by Rule: <name>". */
  ruleName: z.string().optional(),
  createdAt: isoTimestamp,
});
export type TicketEvent = z.infer<typeof ticketEventSchema>;

/** Oldest first. */
export const ticketActivityResponseSchema = /* @__PURE__ */ z.object({ events: z.array(ticketEventSchema) });
export type TicketActivityResponse = z.infer<typeof ticketActivityResponseSchema>;
