import { CANNED_RESPONSE_TEXTS as TEXTS, type CannedResponse } from '@shared/contracts/canned-responses';
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

interface ConfirmDeleteResponseProps {
  response: CannedResponse | null;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Delete "Restart"? This cannot be undone." before a canned response is deleted. */
export function ConfirmDeleteResponse({
  response,
  pending,
  onConfirm,
  onCancel,
}: ConfirmDeleteResponseProps) {
  return (
    <AlertDialog open={response !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{TEXTS.delete}</AlertDialogTitle>
          <AlertDialogDescription>
            {response ? TEXTS.confirmDelete(response.name) : ''}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{TEXTS.cancel}</AlertDialogCancel>
          <AlertDialogAction
            disabled={pending}
            onClick={(event) => {
              event.preventDefault();
              onConfirm();
            }}
          >
            {TEXTS.delete}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
