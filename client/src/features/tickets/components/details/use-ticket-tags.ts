import { useRef, useState } from 'react';
import { useUpdateTicket } from '../../api/update-ticket';
import type { TicketActionProps } from './ticket-action-props';
import { notifyTicketSaveFailed } from './ticket-save-feedback';

type TagSaveProps = Pick<TicketActionProps, 'ticket' | 'guardedSave' | 'draftResets' | 'surface'>;

/** The set shown while its save is on its way, and the Cancel & Refresh count it was made at. */
interface PendingTags {
  tags: string[];
  resets: number;
}

/**
 * The detail's tags, each change saved at once as the whole new set (PUT {tags}, issue 38), through
 * the check for someone else's change like every save. The changed set shows at once; saves go one
 * after another, so a tag added while the previous one is saving is sent with it, never lost. Only
 * tags are sent: Status Management's draft is not touched, and the ticket's new version rebases it
 * (decision 121). A failed save shows the ticket's tags again, with the error toast.
 */
export function useTicketTags({ ticket, guardedSave, draftResets, surface }: TagSaveProps) {
  const update = useUpdateTicket();
  const [pending, setPending] = useState<PendingTags | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  // Cancel & Refresh drops a held save: the ticket's own tags show again.
  const tags = pending && pending.resets === draftResets ? pending.tags : ticket.tags;

  const save = (next: string[]) => {
    setPending({ tags: next, resets: draftResets });
    const send = async () => {
      try {
        await update.mutateAsync({ id: ticket.id, changes: { tags: next } });
        // The ticket's answer now shows them, unless a later change is still on its way.
        setPending((now) => (now?.tags === next ? null : now));
      } catch (error) {
        setPending(null);
        notifyTicketSaveFailed(error, surface);
      }
    };
    queue.current = queue.current.then(() => guardedSave(send)).catch(() => undefined);
  };
  return { tags, save };
}
