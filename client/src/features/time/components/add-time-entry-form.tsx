import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCreateTimeEntry } from '../api/create-time-entry';
import {
  hasHoursAndNotes,
  applyServerFieldErrors,
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

  const onSubmit = (values: TimeEntryFormValues) => {
    if (!hasHoursAndNotes(values)) return notifyMissingHoursOrNotes();
    const payload = toTimeEntryPayload(values);
    if (!payload.ok) {
      for (const [field, message] of payload.fieldErrors) form.setError(field, { type: 'validate', message });
      return;
    }
    create.mutate(payload.input, {
      onSuccess: () => {
        form.reset({ ...form.getValues(), hours: '', notes: '', taskId: null });
        notifyTimeEntryCreated();
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError);
        notifyTimeEntryFailed(error);
      },
    });
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
      <TimeEntryFields form={form} idPrefix="time-entry" taskOfProject={() => null} />
      <Button type="submit" className="w-full" disabled={create.isPending}>
        {create.isPending && <Spinner />}
        {create.isPending ? 'Adding...' : 'Add Time Entry'}
      </Button>
    </form>
  );
}
