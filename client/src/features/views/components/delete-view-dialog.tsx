import { SAVED_VIEW_TEXTS as TEXTS, type SavedView } from '@shared/contracts/views';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/button';
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
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{TEXTS.confirmDeleteTitle}</AlertDialogTitle>
          <AlertDialogDescription>{TEXTS.confirmDelete(view.name)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{TEXTS.cancel}</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            onClick={() => void confirm()}
          >
            {TEXTS.delete}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
