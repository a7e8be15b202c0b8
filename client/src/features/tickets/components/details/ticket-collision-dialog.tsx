import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useRetainedValue } from '@/lib/use-retained-value';

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
    <ConfirmDialog
      open={updater !== null}
      // Escape means "not now": the same as Cancel & Refresh. After a button, this second call does nothing.
      onOpenChange={(open) => {
        if (!open) onCancelAndRefresh();
      }}
      title="Ticket Recently Modified"
      description={
        <>This ticket was recently updated by {shownUpdater}. Are you sure you want to continue?</>
      }
      cancelLabel="Cancel & Refresh"
      onCancel={onCancelAndRefresh}
      confirmLabel="Continue Anyway"
      onConfirm={onContinueAnyway}
    />
  );
}
