import { ExternalLink } from 'lucide-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ticketDetailsPath } from '@/lib/paths';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { focusRing } from '@/components/ui/focus-ring';
import { useSessionExpiryRedirect } from '@/components/session-expiry';
import { cn } from '@/lib/utils';
import { useTicket } from '../api/get-ticket';
import { EditFocusContext } from './details/edit-focus';
import { TicketDetailsContent } from './details/ticket-details-content';
import { TicketLoadState } from './details/ticket-load-state';
import { useRetainedValue } from '@/lib/use-retained-value';
import { UnsavedEditsContext, type UnsavedEdits } from './details/unsaved-edits';
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

/** The question before a close would drop unsaved edits (issue 37). */
export const UNSAVED_EDITS_TEXTS = {
  title: 'Discard unsaved changes?',
  description: (cards: readonly string[]) =>
    `Your changes in ${cards.join(' and ')} are not saved yet. Closing the ticket discards them.`,
  discard: 'Discard Changes',
  keepEditing: 'Keep Editing',
} as const;

/** The cards holding unsaved edits, told by the cards themselves (details/unsaved-edits.ts). */
function useUnsavedEdits() {
  const unsaved = useRef(new Set<string>());
  const report = useCallback<UnsavedEdits['report']>((card, isUnsaved) => {
    if (isUnsaved) unsaved.current.add(card);
    else unsaved.current.delete(card);
  }, []);
  const context = useMemo(() => ({ report }), [report]);
  return { context, cards: () => [...unsaved.current] };
}

/** The ticket detail over the list (spec §2): wide and scrollable, open while `ticketId` is set. */
export function TicketDetailsDialog({ ticketId, onOpenChange, toEdit = false }: TicketDetailsDialogProps) {
  const shownId = useRetainedValue(ticketId);
  const unsaved = useUnsavedEdits();
  // The cards with unsaved edits when Esc, the overlay or the close button asked to close; null
  // while no question is open.
  const [asking, setAsking] = useState<string[] | null>(null);
  // Only the user's own close asks; a close the detail decides (the ticket closed or merged) does not.
  const requestOpenChange = (open: boolean) => {
    const cards = unsaved.cards();
    if (open || cards.length === 0) onOpenChange(open);
    else setAsking(cards);
  };
  return (
    <Dialog open={ticketId !== null} onOpenChange={requestOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-6xl overflow-y-auto bg-background sm:p-8">
        {shownId !== null && (
          // Keyed by ticket: another ticket starts with a fresh opening time and form.
          <UnsavedEditsContext value={unsaved.context}>
            <EditFocusContext value={toEdit}>
              <DialogBody
                key={shownId}
                ticketId={shownId}
                open={ticketId !== null}
                onClose={() => onOpenChange(false)}
              />
            </EditFocusContext>
          </UnsavedEditsContext>
        )}
        <ConfirmDialog
          open={asking !== null}
          onOpenChange={(open) => {
            if (!open) setAsking(null);
          }}
          title={UNSAVED_EDITS_TEXTS.title}
          description={UNSAVED_EDITS_TEXTS.description(asking ?? [])}
          confirmLabel={UNSAVED_EDITS_TEXTS.discard}
          cancelLabel={UNSAVED_EDITS_TEXTS.keepEditing}
          destructive
          onConfirm={() => {
            setAsking(null);
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
