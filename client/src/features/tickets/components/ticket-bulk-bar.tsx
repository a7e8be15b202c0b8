import { Trash2, X } from 'lucide-react';
import { useState } from 'react';
import type { BulkUpdateTicketsInput } from '@shared/contracts/tickets';
import { Button } from '@/components/ui/button';
import { useBulkDeleteTickets } from '../api/bulk-delete-tickets';
import { useBulkUpdateTickets } from '../api/bulk-update-tickets';
import { notifyFailure, notifySuccess, TICKET_LIST_TOASTS } from '../lib/ticket-list-toasts';
import { BulkAssignSelect, BulkStatusSelect } from './bulk-selects';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';

interface TicketBulkBarProps {
  selectedIds: readonly string[];
  /** Empties the selection: after a successful change, and on Clear. */
  onClear: () => void;
  /** False hides Delete (the ticket_deletion setting: admins only, issue 26). */
  canDelete?: boolean;
}

/** Changes, assigns or deletes every selected ticket at once. */
export function TicketBulkBar({ selectedIds, onClear, canDelete = true }: TicketBulkBarProps) {
  const bulkUpdate = useBulkUpdateTickets();
  const bulkDelete = useBulkDeleteTickets();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const busy = bulkUpdate.isPending || bulkDelete.isPending;
  const count = selectedIds.length;

  const update = async (updates: BulkUpdateTicketsInput['updates']) => {
    try {
      await bulkUpdate.mutateAsync({ ticketIds: [...selectedIds], updates });
      notifySuccess(TICKET_LIST_TOASTS.bulkUpdated);
      onClear();
    } catch (error) {
      notifyFailure(TICKET_LIST_TOASTS.bulkUpdateFailed, error);
    }
  };

  const remove = async () => {
    try {
      await bulkDelete.mutateAsync({ ticketIds: [...selectedIds] });
      notifySuccess(TICKET_LIST_TOASTS.bulkDeleted);
      onClear();
    } catch (error) {
      notifyFailure(TICKET_LIST_TOASTS.bulkDeleteFailed, error);
    }
  };

  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-primary/30 bg-accent px-4 py-3"
    >
      <p className="text-sm font-medium" aria-live="polite">
        {count} ticket(s) selected
      </p>
      <div className="flex flex-1 flex-wrap items-center justify-end gap-2">
        <BulkStatusSelect disabled={busy} onSelect={(status) => void update({ status })} />
        <BulkAssignSelect disabled={busy} onSelect={(assignedTo) => void update({ assignedTo })} />
        {canDelete && (
          <Button variant="destructive" size="sm" disabled={busy} onClick={() => setConfirmingDelete(true)}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={onClear}>
          <X aria-hidden="true" />
          Clear
        </Button>
      </div>
      <ConfirmDeleteDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title="Delete Tickets"
        question={`Are you sure you want to delete ${count} ticket(s)? This action cannot be undone.`}
        onConfirm={() => void remove()}
      />
    </div>
  );
}
