import { Trash2 } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { TIME_ENTRY_CHANGE_TEXTS as T, type TimeEntry } from '@shared/contracts/time';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatCalendarDay } from '@/lib/local-date';
import { useDeleteTimeEntry } from '../api/delete-time-entry';
import {
  isUnchangeableError,
  notifyTimeEntryChangeFailed,
  notifyTimeEntryDeleted,
} from '../lib/time-entry-change-toasts';
import { formatHours } from '../lib/format-hours';

interface DeleteTimeEntryButtonProps {
  entry: TimeEntry;
  /** The id of the row's hours and date, which tell this row's Delete button from the others'. */
  describedBy?: string;
  /** Called once the entry is gone: its row, and with it this button, has left the list. */
  onDeleted?: () => void;
}

/** The row's Delete button; it asks first, and stays open saying "Deleting..." until the server answers. */
export function DeleteTimeEntryButton({ entry, describedBy, onDeleted }: DeleteTimeEntryButtonProps) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteTimeEntry();

  const confirm = async (event: MouseEvent) => {
    // The dialog closes itself on this click otherwise; it stays while the deletion runs.
    event.preventDefault();
    try {
      const result = await remove.mutateAsync(entry.id);
      notifyTimeEntryDeleted(result.harvest);
      setOpen(false);
      onDeleted?.();
    } catch (error) {
      notifyTimeEntryChangeFailed(T.deleteFailed, error);
      // Locked or gone: asking again cannot help. Anything else (a network error) may be tried again.
      if (isUnchangeableError(error)) setOpen(false);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        // Escape cannot dismiss a deletion already on its way: its outcome is shown in the dialog.
        if (!remove.isPending) setOpen(next);
      }}
      trigger={
        <Button
          variant="ghost"
          size="icon"
          aria-label={T.delete}
          aria-describedby={describedBy}
          className="size-8 text-destructive hover:text-destructive"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      }
      title={T.deleteTitle}
      description={
        <>
          {T.deleteQuestion(formatHours(entry.hours), formatCalendarDay(entry.spentDate))}{' '}
          {T.deleteHarvestNote}
        </>
      }
      cancelLabel={T.cancel}
      cancelDisabled={remove.isPending}
      confirmLabel={
        <>
          {remove.isPending && <Spinner />}
          {remove.isPending ? T.deleting : T.confirmDelete}
        </>
      }
      destructive
      confirmDisabled={remove.isPending}
      onConfirm={(event) => void confirm(event)}
    />
  );
}
