import { SAVED_VIEW_TEXTS as TEXTS, type SavedView } from '@shared/contracts/views';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteView } from '../api/delete-view';
import { notifyViewFailure, notifyViewSuccess } from '../lib/view-toasts';

interface DeleteViewDialogProps {
  view: SavedView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
  /** After the view is gone (its row, and the menu's button, with it). */
  onDeleted?: () => void;
}

/** Cancel or Delete; Delete closes the dialog and a toast reports the outcome. */
export function DeleteViewDialog({
  view,
  open,
  onOpenChange,
  onCloseAutoFocus,
  onDeleted,
}: DeleteViewDialogProps) {
  const deleteView = useDeleteView();
  // mutateAsync: the row (and this dialog) unmounts once the views are read again, before a
  // mutate() callback would run.
  const confirm = async () => {
    try {
      await deleteView.mutateAsync(view.id);
      notifyViewSuccess(TEXTS.deleted);
      onDeleted?.();
    } catch (error) {
      notifyViewFailure(TEXTS.deleteFailed, error);
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={TEXTS.confirmDeleteTitle}
      description={TEXTS.confirmDelete(view.name)}
      cancelLabel={TEXTS.cancel}
      confirmLabel={TEXTS.delete}
      destructive
      onConfirm={() => void confirm()}
    />
  );
}
