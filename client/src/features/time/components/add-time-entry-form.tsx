import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCreateTimeEntry } from '../api/create-time-entry';
import { useFocusFirstInvalid } from '@/lib/field-errors';
import {
  hasHoursAndNotes,
  applyServerFieldErrors,
  missingHoursOrNotes,
  newTimeEntryFormValues,
  toTimeEntryPayload,
  type TimeEntryFormValues,
} from '../lib/time-entry-form-values';
import { notifyMissingHoursOrNotes, notifyTimeEntryCreated, notifyTimeEntryFailed } from '../lib/time-toasts';
import { TimeEntryFields } from './time-entry-fields';

/** Date, Harvest project and task, hours and notes (spec §2, §5); clears hours, notes and task once saved. */
export function AddTimeEntryForm() {
  const create = useCreateTimeEntry();
  const form = useForm<TimeEntryFormValues>({ defaultValues: newTimeEntryFormValues() });
  const focus = useFocusFirstInvalid();

  const showBeside = (fieldErrors: [keyof TimeEntryFormValues, string][]) => {
    for (const [field, message] of fieldErrors) form.setError(field, { type: 'validate', message });
    if (fieldErrors.length > 0) focus.focusFirstInvalid();
  };

  const onSubmit = (values: TimeEntryFormValues) => {
    if (!hasHoursAndNotes(values)) {
      // The spec's toast, and the same fact beside the empty fields.
      showBeside(missingHoursOrNotes(values));
      return notifyMissingHoursOrNotes();
    }
    const payload = toTimeEntryPayload(values);
    if (!payload.ok) return showBeside(payload.fieldErrors);
    create.mutate(payload.input, {
      onSuccess: () => {
        form.reset({ ...form.getValues(), hours: '', notes: '', taskId: null });
        notifyTimeEntryCreated();
      },
      onError: (error) => {
        if (applyServerFieldErrors(error, form.setError)) focus.focusFirstInvalid();
        notifyTimeEntryFailed(error);
      },
    });
  };

  return (
    <form ref={focus.ref} noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
      <TimeEntryFields form={form} idPrefix="time-entry" taskOfProject={() => null} />
      <Button type="submit" className="w-full" disabled={create.isPending}>
        {create.isPending && <Spinner />}
        {create.isPending ? 'Adding...' : 'Add Time Entry'}
      </Button>
    </form>
  );
}
