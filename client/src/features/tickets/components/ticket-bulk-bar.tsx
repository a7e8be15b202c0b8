import { GitMerge, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { MERGE_TEXTS } from '@shared/contracts/ticket-merge';
import type { BulkUpdateTicketsInput, TicketListItem } from '@shared/contracts/tickets';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useMaySeeGroup } from '@/lib/groups';
import { useBulkDeleteTickets } from '../api/bulk-delete-tickets';
import { useBulkUpdateTickets } from '../api/bulk-update-tickets';
import { useBulkMergeTickets } from '../api/merge-tickets';
import { BULK_TAG_TOASTS, notifyFailure, notifySuccess, TICKET_LIST_TOASTS } from '../lib/ticket-list-toasts';
import { notifyMovedToTrash } from '../lib/trash-toast';
import { BulkMergeDialog } from './bulk-merge-dialog';
import { BulkAssignSelect, BulkGroupSelect, BulkStatusSelect } from './bulk-selects';
import { BulkTagsPopover } from './bulk-tags-popover';
import { PrivateGroupConfirm } from './private-group-confirm';

interface TicketBulkBarProps {
  selectedIds: readonly string[];
  /** The selected rows (all on screen): the merge picks its target among them. */
  selectedTickets: readonly TicketListItem[];
  /** Empties the selection: after a successful change, and on Clear. */
  onClear: () => void;
  /** False hides Delete (the ticket_deletion setting: admins only, issue 26). */
  canDelete?: boolean;
  /** Admins get a link to the Trash in the delete toast; agents cannot open it. */
  canOpenTrash?: boolean;
  /** After the selected tickets went to the Trash. */
  onDeleted?: (ticketIds: readonly string[]) => void;
}

/** Changes, assigns, moves to a group (issue 39), tags or deletes every selected ticket at once. */
export function TicketBulkBar({
  selectedIds,
  selectedTickets,
  onClear,
  canDelete = true,
  canOpenTrash = false,
  onDeleted,
}: TicketBulkBarProps) {
  const bulkUpdate = useBulkUpdateTickets();
  const bulkDelete = useBulkDeleteTickets();
  const bulkMerge = useBulkMergeTickets();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [merging, setMerging] = useState(false);
  // The private group Move to Group was given, while "Move to a Private Group?" is asked (issue 39).
  const [movingTo, setMovingTo] = useState<string | null>(null);
  const maySee = useMaySeeGroup();
  const busy = bulkUpdate.isPending || bulkDelete.isPending || bulkMerge.isPending;
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

  /** Adds or removes tags on every selected ticket (issue 38); true once done. */
  const changeTags = async (mode: 'add' | 'remove', tags: string[]): Promise<boolean> => {
    try {
      const { updated } = await bulkUpdate.mutateAsync({
        ticketIds: [...selectedIds],
        updates: mode === 'add' ? { addTags: tags } : { removeTags: tags },
      });
      notifySuccess(BULK_TAG_TOASTS[mode === 'add' ? 'added' : 'removed'](tags.length, updated));
      onClear();
      return true;
    } catch (error) {
      // The server's words say which tag is malformed, or that a ticket would pass 20 tags.
      notifyFailure(BULK_TAG_TOASTS[mode === 'add' ? 'addFailed' : 'removeFailed'], error, true);
      return false;
    }
  };

  const remove = async () => {
    try {
      await bulkDelete.mutateAsync({ ticketIds: [...selectedIds] });
      notifyMovedToTrash(TICKET_LIST_TOASTS.bulkDeleted, count, canOpenTrash);
      onDeleted?.(selectedIds);
      onClear();
    } catch (error) {
      notifyFailure(TICKET_LIST_TOASTS.bulkDeleteFailed, error);
    }
  };

  const merge = async (targetId: string) => {
    const target = selectedTickets.find((ticket) => ticket.id === targetId);
    try {
      await bulkMerge.mutateAsync({ ticketIds: [...selectedIds], targetId });
      notifySuccess(MERGE_TEXTS.mergedMany(count - 1, target?.ticketNumber ?? ''));
      setMerging(false);
      onClear();
    } catch (error) {
      notifyFailure(MERGE_TEXTS.failed, error, true);
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
        <BulkGroupSelect
          disabled={busy}
          onSelect={(groupId) => {
            // Whoever would lose sight of the tickets by this move is told first.
            if (groupId !== null && !maySee(groupId)) setMovingTo(groupId);
            else void update({ groupId });
          }}
        />
        <BulkTagsPopover mode="add" disabled={busy} onApply={(tags) => changeTags('add', tags)} />
        <BulkTagsPopover
          mode="remove"
          disabled={busy}
          selectedTags={[...new Set(selectedTickets.flatMap((ticket) => ticket.tags))].sort()}
          onApply={(tags) => changeTags('remove', tags)}
        />
        {count >= 2 && (
          <Button variant="outline" size="sm" disabled={busy} onClick={() => setMerging(true)}>
            <GitMerge aria-hidden="true" />
            {MERGE_TEXTS.bulkButton}
          </Button>
        )}
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
      <ConfirmDialog
        destructive
        confirmLabel="Delete"
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title="Delete Tickets"
        description={`Are you sure you want to delete ${count} ticket(s)? This action cannot be undone.`}
        onConfirm={() => void remove()}
      />
      <PrivateGroupConfirm
        groupId={movingTo}
        move={count === 1 ? 'one' : 'many'}
        onConfirm={() => {
          if (movingTo !== null) void update({ groupId: movingTo });
        }}
        onClose={() => setMovingTo(null)}
      />
      <BulkMergeDialog
        tickets={selectedTickets}
        open={merging}
        onOpenChange={setMerging}
        pending={bulkMerge.isPending}
        onConfirm={(targetId) => void merge(targetId)}
      />
    </div>
  );
}
