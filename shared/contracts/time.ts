import { z } from 'zod';
import { HOURS_MAX_PER_ENTRY, HOURS_STEP, RECENT_TIME_ENTRIES_SHOWN } from '../constants';
import { isoDate, labelled } from './common';
import { harvestIdSchema } from './harvest';
import { ticketDetailSchema } from './tickets';

/**
 * Time tracking contracts (spec §5, §7): closing a ticket with tracked time, adding a time entry, the
 * recent list and the summary cards. Plain zod only: the SPA imports this file.
 */

/**
 * A time entry's Harvest state. `pending`: waiting to be pushed (also while Harvest is not configured);
 * `synced`: pushed, `harvestTimeEntryId` is set; `failed`: Harvest refused it and a person must act
 * (it is tried again when the credentials are saved); `local`: written outside the time service (data
 * from before the sync existed, the demo seed) and never pushed.
 */
export const TIME_ENTRY_SYNC_STATUSES = ['pending', 'synced', 'failed', 'local'] as const;
export type TimeEntrySyncStatus = (typeof TIME_ENTRY_SYNC_STATUSES)[number];
export const DEFAULT_TIME_ENTRY_SYNC_STATUS: TimeEntrySyncStatus = 'local';

/** What became of the push attempted right after a close or a new entry. */
export type HarvestSyncResult = Extract<TimeEntrySyncStatus, 'pending' | 'synced' | 'failed'>;

export const TIME_LIMITS = {
  notes: 10_000,
  /** GET /api/time-entries?limit= */
  listDefault: RECENT_TIME_ENTRIES_SHOWN,
  listMax: 200,
  minDate: '1900-01-01',
  maxDate: '2999-12-31',
} as const;

export const TIME_MESSAGES = {
  missingInformation: 'Missing Information: Please fill in time spent, project, and task',
  ticketNotFound: 'Ticket not found',
  alreadyClosed: 'This ticket is already closed',
  unknownProject: 'This Harvest project is not one you can log time to',
  unknownTask: 'This Harvest task is not available for the chosen project',
  entryNotFound: 'Time entry not found',
  nothingToChange: 'Give at least one of projectId, taskId, hours, notes and spentDate to change',
  locked: (reason: string) =>
    `Harvest has locked this entry (${reason}): it can no longer be changed or deleted`,
} as const;

const noNul = (value: string) => !value.includes('\u0000');
const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Numbers, or numeric text as an HTML form gives it. */
const numberInput = (schema: z.ZodNumber) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value), schema);

function hoursSchema(label: string, step: number, stepMessage: string) {
  const notANumber = `${label} must be a number of hours`;
  const schema = numberInput(
    z
      .number({ error: (issue) => (isBlank(issue.input) ? `${label} is required` : notANumber) })
      .refine(Number.isFinite, notANumber)
      .refine((value) => value > 0, `${label} must be more than 0 hours`)
      .refine(
        (value) => value <= HOURS_MAX_PER_ENTRY,
        `${label} must be at most ${HOURS_MAX_PER_ENTRY} hours`,
      )
      .refine((value) => Math.abs(value / step - Math.round(value / step)) < 1e-9, stepMessage),
  );
  return labelled(schema, label);
}

/** YYYY-MM-DD, a real calendar day within TIME_LIMITS; one message per bad date. */
const spentDate = (label: string) =>
  labelled(
    z
      .string({ error: (issue) => (isBlank(issue.input) ? `${label} is required` : `${label} must be text`) })
      .superRefine((value, ctx) => {
        const parsed = isoDate.safeParse(value);
        if (!parsed.success) {
          ctx.addIssue({
            code: 'custom',
            input: value,
            message: parsed.error.issues[0]?.message ?? 'Not a date',
          });
        } else if (value < TIME_LIMITS.minDate || value > TIME_LIMITS.maxDate) {
          ctx.addIssue({
            code: 'custom',
            input: value,
            message: `${label} must be between ${TIME_LIMITS.minDate} and ${TIME_LIMITS.maxDate}`,
          });
        }
      }),
    label,
  );

const notesText = (label: string) =>
  labelled(
    z
      .string(`${label} must be text`)
      .trim()
      .max(TIME_LIMITS.notes, `${label} must be at most ${TIME_LIMITS.notes} characters`)
      .refine(noNul, `${label} contain a character that cannot be stored`),
    label,
  );

/** POST /api/tickets/:id/close (spec §7): snake_case as the spec's client sends it. */
export const closeTicketSchema = z.object({
  // Labels as the Close Ticket card's: a 400 names the field the person sees (decision 120).
  time_spent: hoursSchema('Time spent', HOURS_STEP, `Time spent must be in steps of ${HOURS_STEP} hours`),
  harvest_project_id: harvestIdSchema('Harvest project'),
  harvest_task_id: harvestIdSchema('Harvest task'),
  /** The resolution note; optional. Appended to the ticket's notes and sent to Harvest. */
  notes: z.preprocess(
    (value) => (value === null ? undefined : value),
    notesText('Resolution notes').optional(),
  ),
  /**
   * The day the time counts for, as the browser's local date. Optional (not in the spec's payload):
   * without it the database's current date is used.
   */
  spent_date: spentDate('Spent date').optional(),
});
export type CloseTicketInput = z.output<typeof closeTicketSchema>;

/** The fields the Close Ticket card must fill in, with the label its message uses. */
export const CLOSE_TICKET_REQUIRED_FIELDS = {
  time_spent: 'time spent',
  harvest_project_id: 'project',
  harvest_task_id: 'task',
} as const;
export type CloseTicketRequiredField = keyof typeof CLOSE_TICKET_REQUIRED_FIELDS;

/** The required close fields that are absent, null or blank in `body`. */
export function missingCloseTicketFields(body: unknown): CloseTicketRequiredField[] {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return (Object.keys(CLOSE_TICKET_REQUIRED_FIELDS) as CloseTicketRequiredField[]).filter((field) =>
    isBlank(record[field]),
  );
}

/** POST /api/time-entries (spec §5, §7). */
export const createTimeEntrySchema = z.object({
  // Labelled as the Add Time Entry form labels them, so a 400 names the field the person sees.
  projectId: harvestIdSchema('Harvest project'),
  taskId: harvestIdSchema('Harvest task'),
  hours: hoursSchema('Hours', 0.01, 'Hours must have at most two decimal places'),
  notes: z
    .string({ error: (issue) => (isBlank(issue.input) ? 'Notes are required' : 'Notes must be text') })
    .pipe(notesText('Notes'))
    .refine((value) => value.length > 0, 'Notes are required'),
  spentDate: spentDate('Date'),
});
export type CreateTimeEntryInput = z.output<typeof createTimeEntrySchema>;

/** PUT /api/time-entries/{id}: any of the create fields; the ones left out stay as they are. */
export const updateTimeEntrySchema = createTimeEntrySchema
  .partial()
  .refine(
    (input) => Object.values(input).some((value) => value !== undefined),
    TIME_MESSAGES.nothingToChange,
  );
export type UpdateTimeEntryInput = z.output<typeof updateTimeEntrySchema>;

/** An empty query parameter counts as not given. */
const queryParam = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const timeEntryListQuerySchema = z.object({
  limit: queryParam(
    z.coerce
      .number('limit must be a number')
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(TIME_LIMITS.listMax, `limit must be at most ${TIME_LIMITS.listMax}`),
  ).transform((value) => value ?? TIME_LIMITS.listDefault),
});

/** `today` is the browser's local date, so "Today" and "This Week" follow the user's calendar. */
export const timeEntrySummaryQuerySchema = z.object({ today: queryParam(spentDate('today')) });

export const timeEntrySchema = /* @__PURE__ */ z.object({
  id: z.string(),
  ticketId: z.string().nullable(),
  projectId: z.number(),
  taskId: z.number(),
  hours: z.number(),
  notes: z.string(),
  /** YYYY-MM-DD */
  spentDate: z.string(),
  projectName: z.string(),
  taskName: z.string(),
  ticketNumber: z.string().nullable(),
  ticketSubject: z.string().nullable(),
  syncStatus: z.enum(TIME_ENTRY_SYNC_STATUSES),
  harvestTimeEntryId: z.number().nullable(),
  /** Why the last push failed; null once pushed or before any attempt. */
  lastSyncError: z.string().nullable(),
  /** ISO 8601 */
  createdAt: z.string(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

export const timeEntriesResponseSchema = /* @__PURE__ */ z.object({ timeEntries: z.array(timeEntrySchema) });
export type TimeEntriesResponse = z.infer<typeof timeEntriesResponseSchema>;

export const timeEntrySummarySchema = /* @__PURE__ */ z.object({
  todayHours: z.number(),
  /** From the most recent Sunday (today when it is Sunday) to the Saturday after it. */
  weekHours: z.number(),
  totalEntries: z.number(),
});
export type TimeEntrySummary = z.infer<typeof timeEntrySummarySchema>;

const harvestSyncResultSchema = /* @__PURE__ */ z.enum([
  'pending',
  'synced',
  'failed',
] satisfies HarvestSyncResult[]);

export const createTimeEntryResponseSchema = /* @__PURE__ */ z.object({
  timeEntry: timeEntrySchema,
  harvestSync: harvestSyncResultSchema,
});
export type CreateTimeEntryResponse = z.infer<typeof createTimeEntryResponseSchema>;

/** PUT /api/time-entries/{id}: the entry as saved, and how the change reached Harvest. */
export type UpdateTimeEntryResponse = CreateTimeEntryResponse;

/**
 * DELETE /api/time-entries/{id}. `harvest`: `removed` (deleted in Harvest too), `queued` (Harvest is
 * told by the background sync) or `none` (it never reached Harvest).
 */
export const deleteTimeEntryResponseSchema = /* @__PURE__ */ z.object({
  deleted: z.literal(true),
  harvest: z.enum(['removed', 'queued', 'none']),
});
export type DeleteTimeEntryResponse = z.infer<typeof deleteTimeEntryResponseSchema>;

export const closeTicketResponseSchema = /* @__PURE__ */ z.object({
  ticket: ticketDetailSchema,
  timeEntry: timeEntrySchema,
  harvestSync: harvestSyncResultSchema,
});
export type CloseTicketResponse = z.infer<typeof closeTicketResponseSchema>;

/**
 * The Time Tracking page's edit and delete of an entry (issue 16): not in the spec, so the app's own
 * words, here so the page and its browser test cannot drift apart.
 */
export const TIME_ENTRY_CHANGE_TEXTS = {
  edit: 'Edit time entry',
  delete: 'Delete time entry',
  editTitle: 'Edit Time Entry',
  deleteTitle: 'Delete Time Entry',
  deleteQuestion: (hours: string, day: string) =>
    `Are you sure you want to delete the ${hours} logged on ${day}? This action cannot be undone.`,
  deleteHarvestNote: 'If it reached Harvest, it is deleted there too.',
  save: 'Save Changes',
  saving: 'Saving...',
  confirmDelete: 'Delete',
  deleting: 'Deleting...',
  cancel: 'Cancel',
  updated: 'Time entry updated',
  updateFailed: 'Failed to update time entry',
  deleted: 'Time entry deleted',
  deleteFailed: 'Failed to delete time entry',
  /** A 409: the server's message says why Harvest refuses (TIME_MESSAGES.locked). */
  locked: 'Time entry is locked in Harvest',
  /** How the change reached Harvest (UpdateTimeEntryResponse.harvestSync). */
  updatedIn: {
    synced: 'Updated here and in Harvest',
    pending: 'Updated here; Harvest is updated shortly',
    failed: 'Updated here; Harvest refused the change',
  },
  /**
   * An entry from before the sync (`local`) stays out of Harvest when changed, though the answer's
   * `harvestSync` says `pending`.
   */
  updatedHereOnly: 'Updated here; this entry is not sent to Harvest',
  /** How the deletion reached Harvest (DeleteTimeEntryResponse.harvest). */
  deletedIn: {
    removed: 'Deleted here and in Harvest',
    queued: 'Deleted here; Harvest is updated shortly',
    /** It never reached Harvest: the title says it all. */
    none: '',
  },
} as const satisfies {
  updatedIn: Record<HarvestSyncResult, string>;
  deletedIn: Record<DeleteTimeEntryResponse['harvest'], string>;
  [key: string]: unknown;
};
