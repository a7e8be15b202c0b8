import { DEFAULT_TIME_ENTRY_PROJECT_ID, DEFAULT_TIME_ENTRY_TASK_ID } from '@shared/contracts/harvest';
import { createTimeEntrySchema, type CreateTimeEntryInput } from '@shared/contracts/time';
import type { UseFormSetError } from 'react-hook-form';
import { serverFieldErrors } from '@/lib/field-errors';
import { todayLocalDate } from '@/lib/local-date';

/** The Add Time Entry form as the inputs hold it: text, and no project or task as null. */
export interface TimeEntryFormValues {
  spentDate: string;
  projectId: number | null;
  taskId: number | null;
  hours: string;
  notes: string;
}

export type TimeEntryFormField = keyof TimeEntryFormValues;

const FORM_FIELDS = [
  'spentDate',
  'projectId',
  'taskId',
  'hours',
  'notes',
] as const satisfies readonly TimeEntryFormField[];

/** The contract's field names are the form's, so the server's per-field messages map one to one. */
export const isTimeEntryFormField = (name: string): name is TimeEntryFormField =>
  (FORM_FIELDS as readonly string[]).includes(name);

export const newTimeEntryFormValues = (): TimeEntryFormValues => ({
  spentDate: todayLocalDate(),
  projectId: null,
  taskId: null,
  hours: '',
  notes: '',
});

/** Spec §5: hours and notes are both required, before any other check. */
export const hasHoursAndNotes = (values: TimeEntryFormValues) =>
  values.hours.trim() !== '' && values.notes.trim() !== '';

/** Said beside Hours and Notes when empty (the contract's words), under the spec's toast. */
export const MISSING_FIELD_MESSAGES = { hours: 'Hours is required', notes: 'Notes are required' } as const;

/** The empty ones of Hours and Notes, each with its message. */
export function missingHoursOrNotes(values: TimeEntryFormValues): [TimeEntryFormField, string][] {
  return (['hours', 'notes'] as const)
    .filter((field) => values[field].trim() === '')
    .map((field) => [field, MISSING_FIELD_MESSAGES[field]]);
}

export type TimeEntryPayloadResult =
  { ok: true; input: CreateTimeEntryInput } | { ok: false; fieldErrors: [TimeEntryFormField, string][] };

/**
 * The POST body, checked with the server's own contract. Spec §5: with no project or task chosen,
 * project 1 and task 1 are sent; hours are sent as a decimal number.
 */
export function toTimeEntryPayload(values: TimeEntryFormValues): TimeEntryPayloadResult {
  const parsed = createTimeEntrySchema.safeParse({
    projectId: values.projectId ?? DEFAULT_TIME_ENTRY_PROJECT_ID,
    taskId: values.taskId ?? DEFAULT_TIME_ENTRY_TASK_ID,
    hours: values.hours,
    notes: values.notes,
    spentDate: values.spentDate,
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  return { ok: false, fieldErrors: formFieldErrors(parsed.error.issues) };
}

/** A refused form's messages by field, the first per field (the one to show). */
export function formFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): [TimeEntryFormField, string][] {
  const fieldErrors = new Map<TimeEntryFormField, string>();
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && isTimeEntryFormField(field) && !fieldErrors.has(field)) {
      fieldErrors.set(field, issue.message);
    }
  }
  return [...fieldErrors];
}

/**
 * The server validates too; its per-field messages go under the fields they are about. True when
 * one did.
 */
export function applyServerFieldErrors(
  error: unknown,
  setError: UseFormSetError<TimeEntryFormValues>,
): boolean {
  const fields = Object.entries(serverFieldErrors(error)).filter(([field]) => isTimeEntryFormField(field));
  for (const [field, message] of fields) setError(field as TimeEntryFormField, { type: 'server', message });
  return fields.length > 0;
}
