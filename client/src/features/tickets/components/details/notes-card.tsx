import { StickyNote } from 'lucide-react';
import { useMemo } from 'react';
import type { Ticket } from '@shared/contracts/tickets';
import { parseNotes, UNKNOWN_NOTE_AUTHOR, type NoteEntry } from '@shared/notes';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { SectionCard } from '@/components/ui/section-card';
import { Timestamp } from './timestamp';

/** Newest first. Legacy entries take their times from the ticket's updatedAt, as on the server. */
function notesNewestFirst(ticket: Pick<Ticket, 'notes' | 'updatedAt'>): NoteEntry[] {
  const entries = parseNotes(ticket.notes, new Date(ticket.updatedAt));
  // The stored order is the writing order; reversing keeps equal timestamps in a stable order.
  return entries.reverse();
}

function NoteItem({ note }: { note: NoteEntry }) {
  const name = note.userName.trim() || UNKNOWN_NOTE_AUTHOR.userName;
  const initials = note.userInitials.trim() || UNKNOWN_NOTE_AUTHOR.userInitials;
  return (
    <li className="flex gap-3">
      <Avatar className="size-8">
        <AvatarFallback className="text-xs" aria-hidden="true">
          {initials}
        </AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-sm font-medium">{name}</span>
          <Timestamp iso={note.timestamp} className="text-xs text-muted-foreground" />
        </div>
        <p className="text-sm break-words whitespace-pre-wrap">{note.text}</p>
      </div>
    </li>
  );
}

/** Internal notes, newest first (spec §2). */
export function NotesCard({ ticket }: { ticket: Pick<Ticket, 'notes' | 'updatedAt'> }) {
  const notes = useMemo(() => notesNewestFirst(ticket), [ticket]);
  return (
    <SectionCard title="Notes" icon={StickyNote}>
      {notes.length === 0 ? (
        <p className="text-sm text-muted-foreground">No notes yet.</p>
      ) : (
        <ol className="space-y-4" aria-label="Notes, newest first">
          {notes.map((note, index) => (
            // Counted from the oldest, so a new note at the top leaves the others' keys alone.
            <NoteItem key={notes.length - index} note={note} />
          ))}
        </ol>
      )}
    </SectionCard>
  );
}
