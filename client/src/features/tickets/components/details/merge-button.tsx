import { GitMerge } from 'lucide-react';
import { useState } from 'react';
import { MERGE_TEXTS } from '@shared/contracts/ticket-merge';
import type { Ticket } from '@shared/contracts/tickets';
import { Button } from '@/components/ui/button';
import type { UnauthorizedSurface } from '@/components/session-expiry';
import { MergeTicketDialog } from './merge-ticket-dialog';

/** "Merge" on the ticket detail (dialog and page); a ticket already merged offers none. */
export function MergeButton({
  ticket,
  surface,
  onMerged,
}: {
  ticket: Ticket;
  surface: UnauthorizedSurface;
  onMerged: () => void;
}) {
  const [open, setOpen] = useState(false);
  if (ticket.mergedIntoId) return null;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <GitMerge aria-hidden="true" />
        {MERGE_TEXTS.button}
      </Button>
      <MergeTicketDialog
        source={ticket}
        open={open}
        onOpenChange={setOpen}
        surface={surface}
        onMerged={onMerged}
      />
    </>
  );
}
