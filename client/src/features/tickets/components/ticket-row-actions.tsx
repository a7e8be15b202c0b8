import { Eye, Pencil, Trash2 } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Button } from '@/components/ui/button';

interface TicketRowActionsProps {
  ticketNumber: string;
  onView: () => void;
  onEdit: () => void;
  /** Left out when the caller may not delete (the ticket_deletion setting, issue 26). */
  onDelete?: () => void;
}

/** Runs the action without the click reaching the row, which would open the ticket a second way. */
const only = (action: () => void) => (event: MouseEvent) => {
  event.stopPropagation();
  action();
};

/** View, edit and delete as icon buttons; editing happens in the details' Status Management. */
export function TicketRowActions({ ticketNumber, onView, onEdit, onDelete }: TicketRowActionsProps) {
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
        aria-label={`Edit ticket ${ticketNumber}`}
        onClick={only(onEdit)}
      >
        <Pencil aria-hidden="true" />
      </Button>
      {onDelete && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete ticket ${ticketNumber}`}
          className="size-8 text-destructive hover:text-destructive"
          onClick={only(onDelete)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}
