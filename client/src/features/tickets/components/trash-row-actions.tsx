import { ArchiveRestore, Eye, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { usePurgeTicket, useRestoreTicket } from '../api/trash-tickets';
import { notifyFailure, notifySuccess, TRASH_TOASTS } from '../lib/ticket-list-toasts';
import { RowAction, RowActions } from './row-action';

interface TrashRowActionsProps {
  ticketId: string;
  ticketNumber: string;
  onView: () => void;
}

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
    <RowActions>
      <RowAction label={`View ticket ${ticketNumber}`} icon={Eye} onClick={onView} />
      <RowAction
        label={`Restore ticket ${ticketNumber}`}
        title="Restore"
        icon={ArchiveRestore}
        disabled={busy}
        onClick={() =>
          void run(() => restore.mutateAsync(ticketId), TRASH_TOASTS.restored, TRASH_TOASTS.restoreFailed)
        }
      />
      <RowAction
        label={`Delete ticket ${ticketNumber} forever`}
        title="Delete Forever"
        icon={Trash2}
        destructive
        disabled={busy}
        onClick={() => setConfirming(true)}
      />
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
    </RowActions>
  );
}
