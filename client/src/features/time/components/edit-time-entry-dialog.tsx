import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TIME_ENTRY_CHANGE_TEXTS as T, type TimeEntry } from '@shared/contracts/time';
import { Button } from '@/components/ui/button';
import { DialogActions, FormDialog } from '@/components/ui/form-dialog';
import { useUpdateTimeEntry } from '../api/update-time-entry';
import {
  isUnchangeableError,
  notifyTimeEntryChangeFailed,
  notifyTimeEntryUpdated,
} from '../lib/time-entry-change-toasts';
import { timeEntryFormValuesOf, toTimeEntryChanges } from '../lib/time-entry-changes';
import { applyServerFieldErrors, type TimeEntryFormValues } from '../lib/time-entry-form-values';
import { TimeEntryFields } from './time-entry-fields';

/** Ids of their own: the Add Time Entry form's fields are on the page under the dialog. */
const ID = 'edit-time-entry';

interface EditTimeEntryFormProps {
  entry: TimeEntry;
  /** Closes the dialog: saved, nothing to save, or the entry can no longer be changed. */
  onDone: () => void;
}

/** The Add Time Entry form's fields, filled with the entry as saved; only what changed is sent. */
function EditTimeEntryForm({ entry, onDone }: EditTimeEntryFormProps) {
  const update = useUpdateTimeEntry();
  const form = useForm<TimeEntryFormValues>({ defaultValues: timeEntryFormValuesOf(entry) });

  const onSubmit = async (values: TimeEntryFormValues) => {
    const result = toTimeEntryChanges(entry, values);
    if (!result.ok) {
      for (const [field, message] of result.fieldErrors) form.setError(field, { type: 'validate', message });
      return;
    }
    if (result.changes === null) return onDone();
    try {
      const saved = await update.mutateAsync({ id: entry.id, changes: result.changes });
      notifyTimeEntryUpdated(saved);
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, form.setError);
      notifyTimeEntryChangeFailed(T.updateFailed, error);
      if (isUnchangeableError(error)) onDone();
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
      <TimeEntryFields
        form={form}
        idPrefix={ID}
        current={{
          project: { id: entry.projectId, name: entry.projectName },
          task: { id: entry.taskId, name: entry.taskName },
        }}
        // Choosing the saved project again gives back its saved task; another project's tasks differ.
        taskOfProject={(projectId) => (projectId === entry.projectId ? entry.taskId : null)}
      />
      <DialogActions
        cancelLabel={T.cancel}
        submitLabel={update.isPending ? T.saving : T.save}
        pending={update.isPending}
      />
    </form>
  );
}

interface EditTimeEntryDialogProps {
  entry: TimeEntry;
  /** The id of the row's hours and date, which tell this row's Edit button from the others'. */
  describedBy?: string;
}

/** The row's Edit button and its dialog; the form inside is mounted afresh each time it opens. */
export function EditTimeEntryDialog({ entry, describedBy }: EditTimeEntryDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={T.edit}
          aria-describedby={describedBy}
        >
          <Pencil aria-hidden="true" />
        </Button>
      }
      title={T.editTitle}
    >
      <EditTimeEntryForm entry={entry} onDone={() => setOpen(false)} />
    </FormDialog>
  );
}
