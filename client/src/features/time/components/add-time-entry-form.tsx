import { useForm, useWatch } from 'react-hook-form';
import { TIME_LIMITS } from '@shared/contracts/time';
import { HoursField } from '@/components/hours-field';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { Textarea } from '@/components/ui/textarea';
import { useCreateTimeEntry } from '../api/create-time-entry';
import {
  hasHoursAndNotes,
  applyServerFieldErrors,
  newTimeEntryFormValues,
  toTimeEntryPayload,
  type TimeEntryFormValues,
} from '../lib/time-entry-form-values';
import { notifyMissingHoursOrNotes, notifyTimeEntryCreated, notifyTimeEntryFailed } from '../lib/time-toasts';
import { TimeEntryPickers } from './time-entry-pickers';

const NOTES_ID = 'time-entry-notes';

/** Date, Harvest project and task, hours and notes (spec §2, §5); clears hours, notes and task once saved. */
export function AddTimeEntryForm() {
  const create = useCreateTimeEntry();
  const form = useForm<TimeEntryFormValues>({ defaultValues: newTimeEntryFormValues() });
  const { errors } = form.formState;
  const [projectId, taskId] = useWatch({ control: form.control, name: ['projectId', 'taskId'] });

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
      <TextField
        id="time-entry-date"
        label="Date"
        type="date"
        min={TIME_LIMITS.minDate}
        max={TIME_LIMITS.maxDate}
        error={errors.spentDate?.message}
        {...form.register('spentDate')}
      />
      <TimeEntryPickers
        projectId={projectId}
        taskId={taskId}
        onProjectChange={(next) => {
          form.setValue('projectId', next);
          form.setValue('taskId', null);
          form.clearErrors(['projectId', 'taskId']);
        }}
        onTaskChange={(next) => {
          form.setValue('taskId', next);
          form.clearErrors('taskId');
        }}
        errors={{ project: errors.projectId?.message, task: errors.taskId?.message }}
      />
      <HoursField
        id="time-entry-hours"
        label="Hours"
        error={errors.hours?.message}
        {...form.register('hours')}
      />
      <div className="space-y-2">
        <Label htmlFor={NOTES_ID}>Notes</Label>
        <Textarea
          id={NOTES_ID}
          rows={4}
          placeholder="What did you work on?"
          maxLength={TIME_LIMITS.notes}
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={errors.notes ? `${NOTES_ID}-error` : undefined}
          {...form.register('notes')}
        />
        {errors.notes && (
          <p id={`${NOTES_ID}-error`} className="text-sm text-destructive">
            {errors.notes.message}
          </p>
        )}
      </div>
      <Button type="submit" className="w-full" disabled={create.isPending}>
        {create.isPending && <Spinner />}
        {create.isPending ? 'Adding...' : 'Add Time Entry'}
      </Button>
    </form>
  );
}
