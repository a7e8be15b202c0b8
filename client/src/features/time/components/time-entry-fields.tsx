import { useWatch, type UseFormReturn } from 'react-hook-form';
import { TIME_LIMITS } from '@shared/contracts/time';
import type { HarvestNamedItem } from '@shared/contracts/harvest';
import { HoursField } from '@/components/hours-field';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { TextField } from '@/components/ui/text-field';
import { Textarea } from '@/components/ui/textarea';
import type { TimeEntryFormValues } from '../lib/time-entry-form-values';
import { TimeEntryPickers } from './time-entry-pickers';

interface TimeEntryFieldsProps {
  form: UseFormReturn<TimeEntryFormValues>;
  /** Prefixes the fields' ids, so the edit dialog's differ from the Add form's under it. */
  idPrefix: string;
  /** An edited entry's saved project and task (see TimeEntryPickers). */
  current?: { project: HarvestNamedItem; task: HarvestNamedItem };
  /** The task once another project is chosen. */
  taskOfProject: (projectId: number) => number | null;
}

/** Date, Harvest Project and Task, Hours and Notes: the Add Time Entry form's and the edit dialog's. */
export function TimeEntryFields({ form, idPrefix, current, taskOfProject }: TimeEntryFieldsProps) {
  const { errors } = form.formState;
  const [projectId, taskId] = useWatch({ control: form.control, name: ['projectId', 'taskId'] });
  const notesId = `${idPrefix}-notes`;
  return (
    <>
      <TextField
        id={`${idPrefix}-date`}
        label="Date"
        type="date"
        min={TIME_LIMITS.minDate}
        max={TIME_LIMITS.maxDate}
        error={errors.spentDate?.message}
        {...form.register('spentDate')}
      />
      <TimeEntryPickers
        idPrefix={idPrefix}
        current={current}
        projectId={projectId}
        taskId={taskId}
        onProjectChange={(next) => {
          form.setValue('projectId', next);
          form.setValue('taskId', taskOfProject(next));
          form.clearErrors(['projectId', 'taskId']);
        }}
        onTaskChange={(next) => {
          form.setValue('taskId', next);
          form.clearErrors('taskId');
        }}
        errors={{ project: errors.projectId?.message, task: errors.taskId?.message }}
      />
      <HoursField
        id={`${idPrefix}-hours`}
        label="Hours"
        error={errors.hours?.message}
        {...form.register('hours')}
      />
      <FormField id={notesId} label="Notes" error={errors.notes?.message}>
        <Textarea
          rows={4}
          placeholder="What did you work on?"
          maxLength={TIME_LIMITS.notes}
          {...fieldAria(notesId, errors.notes?.message)}
          {...form.register('notes')}
        />
      </FormField>
    </>
  );
}
