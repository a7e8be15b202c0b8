import { ExternalLink } from 'lucide-react';
import { Link } from 'wouter';
import { ticketDetailsPath } from '@/lib/paths';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { focusRing } from '@/components/ui/focus-ring';
import { useSessionExpiryRedirect } from '@/components/session-expiry';
import { cn } from '@/lib/utils';
import { useTicket } from '../api/get-ticket';
import { EditFocusContext } from './details/edit-focus';
import { TicketDetailsContent } from './details/ticket-details-content';
import { TicketLoadState } from './details/ticket-load-state';
import { useRetainedValue } from '@/lib/use-retained-value';
import { useTicketCollisionGuard } from './details/use-ticket-collision-guard';

interface TicketDetailsDialogProps {
  /** The ticket to show; null closes the dialog. */
  ticketId: string | null;
  onOpenChange: (open: boolean) => void;
  /** Opened to edit (the row's pencil): the Status select takes focus once the ticket shows. */
  toEdit?: boolean;
}

interface DialogBodyProps {
  ticketId: string;
  /** False while the dialog animates out: the update checks stop at once. */
  open: boolean;
  onClose: () => void;
}

function DialogBody({ ticketId, open, onClose }: DialogBodyProps) {
  // Before the ticket query, so the opening time is taken before the ticket is read.
  const guard = useTicketCollisionGuard(open ? ticketId : null);
  const { data: ticket, error } = useTicket(ticketId);
  useSessionExpiryRedirect(error);

  if (!ticket) {
    return (
      <>
        <DialogHeader className="sr-only">
          <DialogTitle>Ticket Details</DialogTitle>
        </DialogHeader>
        <TicketLoadState error={error} />
      </>
    );
  }
  return (
    <>
      <DialogHeader className="pr-8">
        <DialogTitle className="leading-snug break-words">{ticket.subject}</DialogTitle>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <DialogDescription>Ticket #{ticket.ticketNumber}</DialogDescription>
          <Link
            href={ticketDetailsPath(ticket.id)}
            className={cn(
              'inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary hover:underline',
              focusRing,
            )}
          >
            <ExternalLink className="size-3.5" aria-hidden="true" />
            Open Full Page
          </Link>
        </div>
      </DialogHeader>
      <TicketDetailsContent ticket={ticket} guard={guard} onTicketClosed={onClose} surface="dialog" />
    </>
  );
}

/** The ticket detail over the list (spec §2): wide and scrollable, open while `ticketId` is set. */
export function TicketDetailsDialog({ ticketId, onOpenChange, toEdit = false }: TicketDetailsDialogProps) {
  const shownId = useRetainedValue(ticketId);
  return (
    <Dialog open={ticketId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-6xl overflow-y-auto bg-background sm:p-8">
        {shownId !== null && (
          // Keyed by ticket: another ticket starts with a fresh opening time and form.
          <EditFocusContext value={toEdit}>
            <DialogBody
              key={shownId}
              ticketId={shownId}
              open={ticketId !== null}
              onClose={() => onOpenChange(false)}
            />
          </EditFocusContext>
        )}
      </DialogContent>
    </Dialog>
  );
}
