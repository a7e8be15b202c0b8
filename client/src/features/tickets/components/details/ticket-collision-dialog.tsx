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
import { useRetainedValue } from './use-retained-value';

interface TicketCollisionDialogProps {
  /** Who changed the ticket since it was opened; null keeps the dialog closed. */
  updater: string | null;
  onCancelAndRefresh: () => void;
  onContinueAnyway: () => void;
}

/** Asked before a save when someone else changed the ticket meanwhile (spec §8 Tickets). */
export function TicketCollisionDialog({
  updater,
  onCancelAndRefresh,
  onContinueAnyway,
}: TicketCollisionDialogProps) {
  // The name stays while the dialog animates out after an answer.
  const shownUpdater = useRetainedValue(updater);
  return (
    <AlertDialog
      open={updater !== null}
      // Escape means "not now": the same as Cancel & Refresh. After a button, this second call does nothing.
      onOpenChange={(open) => {
        if (!open) onCancelAndRefresh();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Ticket Recently Modified</AlertDialogTitle>
          <AlertDialogDescription>
            This ticket was recently updated by {shownUpdater}. Are you sure you want to continue?
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={onCancelAndRefresh}>Cancel &amp; Refresh</AlertDialogCancel>
          <AlertDialogAction onClick={onContinueAnyway}>Continue Anyway</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
