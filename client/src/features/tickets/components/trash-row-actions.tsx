import { ArchiveRestore, Eye, Trash2 } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { usePurgeTicket, useRestoreTicket } from '../api/trash-tickets';
import { notifyFailure, notifySuccess, TRASH_TOASTS } from '../lib/ticket-list-toasts';

interface TrashRowActionsProps {
  ticketId: string;
  ticketNumber: string;
  onView: () => void;
}

const only = (action: () => void) => (event: MouseEvent) => {
  event.stopPropagation();
  action();
};

/** A deleted ticket's row in the Trash (admins): view it, restore it, or delete it for good. */
export function TrashRowActions({ ticketId, ticketNumber, onView }: TrashRowActionsProps) {
  const restore = useRestoreTicket();
  const purge = usePurgeTicket();
  const [confirming, setConfirming] = useState(false);
  const busy = restore.isPending || purge.isPending;

  const run = async (action: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await action();
      notifySuccess(done);
    } catch (error) {
      notifyFailure(failed, error);
    }
  };

  return (
    <div className="flex items-center justify-end gap-0.5">
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`View ticket ${ticketNumber}`}
        onClick={only(onView)}
      >
        <Eye aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`Restore ticket ${ticketNumber}`}
        title="Restore"
        disabled={busy}
        onClick={only(
          () =>
            void run(() => restore.mutateAsync(ticketId), TRASH_TOASTS.restored, TRASH_TOASTS.restoreFailed),
        )}
      >
        <ArchiveRestore aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ticket ${ticketNumber} forever`}
        title="Delete Forever"
        className="size-8 text-destructive hover:text-destructive"
        disabled={busy}
        onClick={only(() => setConfirming(true))}
      >
        <Trash2 aria-hidden="true" />
      </Button>
      {/* React events bubble out of the dialog's portal to the row, which would open the ticket. */}
      <span className="contents" onClick={(event) => event.stopPropagation()}>
        <ConfirmDialog
          destructive
          confirmLabel="Delete"
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete Forever"
          description={`Delete ticket #${ticketNumber} forever? Its notes, conversation and history go with it. This cannot be undone.`}
          onConfirm={() =>
            void run(() => purge.mutateAsync(ticketId), TRASH_TOASTS.purged, TRASH_TOASTS.purgeFailed)
          }
        />
      </span>
    </div>
  );
}
