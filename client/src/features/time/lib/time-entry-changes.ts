import { updateTimeEntrySchema, type TimeEntry, type UpdateTimeEntryInput } from '@shared/contracts/time';
import { formFieldErrors, type TimeEntryFormField, type TimeEntryFormValues } from './time-entry-form-values';

/** The edit form starts from the entry as saved. */
export const timeEntryFormValuesOf = (entry: TimeEntry): TimeEntryFormValues => ({
  spentDate: entry.spentDate,
  projectId: entry.projectId,
  taskId: entry.taskId,
  hours: String(entry.hours),
  notes: entry.notes,
});

export type TimeEntryChangesResult =
  | { ok: true; changes: UpdateTimeEntryInput | null }
  | { ok: false; fieldErrors: [TimeEntryFormField, string][] };

/**
 * The PUT body: the fields whose checked value differs from the saved entry, checked with the server's
 * own contract. Only what changed is sent, so a save never rewrites a field the user did not touch.
 * `changes` is null when nothing changed (the server would refuse an empty body).
 */
export function toTimeEntryChanges(entry: TimeEntry, values: TimeEntryFormValues): TimeEntryChangesResult {
  const parsed = updateTimeEntrySchema.safeParse({
    projectId: values.projectId,
    taskId: values.taskId,
    hours: values.hours,
    notes: values.notes,
    spentDate: values.spentDate,
  });
  if (!parsed.success) return { ok: false, fieldErrors: formFieldErrors(parsed.error.issues) };
  const changes: UpdateTimeEntryInput = {};
  for (const [field, value] of Object.entries(parsed.data) as [keyof UpdateTimeEntryInput, unknown][]) {
    if (value !== undefined && value !== entry[field]) Object.assign(changes, { [field]: value });
  }
  return { ok: true, changes: Object.keys(changes).length > 0 ? changes : null };
}
