import { Eye, Pencil, Trash2 } from 'lucide-react';
import { RowAction, RowActions } from './row-action';

interface TicketRowActionsProps {
  ticketNumber: string;
  onView: () => void;
  onEdit: () => void;
  /** Left out when the caller may not delete (the ticket_deletion setting, issue 26). */
  onDelete?: () => void;
}

/** View, edit and delete as icon buttons; editing happens in the details' Status Management. */
export function TicketRowActions({ ticketNumber, onView, onEdit, onDelete }: TicketRowActionsProps) {
  return (
    <RowActions>
      <RowAction label={`View ticket ${ticketNumber}`} icon={Eye} onClick={onView} />
      <RowAction label={`Edit ticket ${ticketNumber}`} icon={Pencil} onClick={onEdit} />
      {onDelete && (
        <RowAction label={`Delete ticket ${ticketNumber}`} icon={Trash2} onClick={onDelete} destructive />
      )}
    </RowActions>
  );
}
