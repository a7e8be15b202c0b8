import { useState } from 'react';
import type { Ticket } from '@shared/contracts/tickets';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteTicket } from '../api/delete-ticket';
import { notifyFailure, TICKET_LIST_TOASTS } from '../lib/ticket-list-toasts';
import { notifyMovedToTrash } from '../lib/trash-toast';

interface DeleteTicketDialogProps {
  /** The ticket to delete; the dialog is open while there is one. */
  ticket: Pick<Ticket, 'id' | 'ticketNumber'> | null;
  onClose: () => void;
  /** Admins get a link to the Trash in the toast; agents cannot open it. */
  canOpenTrash: boolean;
  /** After the ticket went to the Trash. */
  onDeleted: (ticketId: string) => void;
}

export function DeleteTicketDialog({ ticket, onClose, canOpenTrash, onDeleted }: DeleteTicketDialogProps) {
  const deleteTicket = useDeleteTicket();
  // The question keeps naming the ticket while the dialog animates closed.
  const [named, setNamed] = useState(ticket);
  if (ticket && ticket !== named) setNamed(ticket);

  const confirm = async () => {
    if (!ticket) return;
    try {
      await deleteTicket.mutateAsync(ticket.id);
      notifyMovedToTrash(TICKET_LIST_TOASTS.deleted, 1, canOpenTrash);
      onDeleted(ticket.id);
    } catch (error) {
      notifyFailure(TICKET_LIST_TOASTS.deleteFailed, error);
    }
  };

  return (
    <ConfirmDialog
      destructive
      confirmLabel="Delete"
      open={ticket !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Delete Ticket"
      description={`Are you sure you want to delete ticket #${named?.ticketNumber ?? ''}? This action cannot be undone.`}
      onConfirm={() => void confirm()}
    />
  );
}
