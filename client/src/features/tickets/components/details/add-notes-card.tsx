import { MessageSquarePlus } from 'lucide-react';
import { useId } from 'react';
import { TICKET_LIMITS } from '@shared/contracts/tickets';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useAddTicketNote } from '../../api/add-ticket-note';
import { reportTyping, stopTyping } from '../../lib/typing-presence';
import { useDraft } from '../../lib/use-draft';
import { SectionCard } from '@/components/ui/section-card';
import { MentionTextarea } from './mention-textarea';
import type { TicketActionProps } from './ticket-action-props';
import { notifyTicketSaved, notifyTicketSaveFailed } from './ticket-save-feedback';

/** An internal note, appended on the server (spec §2, §5: a blank note cannot be added). */
export function AddNotesCard({ ticket, guardedSave, checking, surface }: TicketActionProps) {
  const id = useId();
  // Kept in the browser until added (issue 26): a reload or an expired session loses nothing.
  const [text, setText] = useDraft('note', ticket.id);
  const addNote = useAddTicketNote();
  const note = text.trim();
  const busy = checking || addNote.isPending;

  const save = () =>
    guardedSave(() =>
      addNote.mutate(
        { id: ticket.id, text: note },
        {
          onSuccess: () => {
            setText('');
            stopTyping(ticket.id);
            notifyTicketSaved();
          },
          onError: (error) => notifyTicketSaveFailed(error, surface),
        },
      ),
    );

  return (
    <SectionCard title="Add Notes" icon={MessageSquarePlus}>
      <div className="space-y-4">
        <Label htmlFor={id} className="sr-only">
          Note
        </Label>
        <MentionTextarea
          id={id}
          groupId={ticket.groupId}
          value={text}
          onValueChange={(value) => {
            setText(value);
            reportTyping(ticket.id, value);
          }}
          placeholder="Add internal notes..."
          maxLength={TICKET_LIMITS.noteText}
          rows={4}
        />
        <Button className="w-full" onClick={() => void save()} disabled={note === '' || busy}>
          {addNote.isPending && <Spinner />}
          Add Note
        </Button>
      </div>
    </SectionCard>
  );
}
