/**
 * `notes` in PUT /api/tickets/:id: the spec lets the update carry the whole list, but history is
 * append-only. The entries already on the ticket must come back unchanged and in order; anything
 * after them is new and must be the caller's own, written now.
 */
import { TICKET_LIMITS, TICKET_MESSAGES, timestampString } from '@shared/contracts/tickets';
import { noteAuthor, parseNoteList, parseNotes, serializeNotes, type NoteEntry } from '@shared/notes';
import { fieldRefusal } from '../../lib/validate';

/** How far a client's clock may be from the server's (new notes' timestamps, a given closedAt or assignedAt). */
export const CLOCK_SKEW_MS = TICKET_LIMITS.clockSkewMinutes * 60_000;

/** Who sends the change: new notes must carry this id and noteAuthor(caller)'s name and initials. */
export interface TicketCaller {
  id: string;
  firstName: string | null;
  lastName: string | null;
}

/** What the ticket holds now: its notes column and the base time its legacy text is read with. */
export interface CurrentNotes {
  notes: string | null;
  updatedAt: Date;
}

const notesError = (code: 'bad_request' | 'forbidden', message: string) =>
  fieldRefusal({ notes: [message] }, { code });

const sameEntry = (a: NoteEntry, b: NoteEntry) =>
  a.text === b.text &&
  a.userId === b.userId &&
  a.userName === b.userName &&
  a.userInitials === b.userInitials &&
  a.timestamp === b.timestamp;

/** A new entry's text, as POST /api/tickets/:id/notes takes it: trimmed, 1–10 000 characters, no NUL. */
function newEntryText(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') throw notesError('bad_request', TICKET_MESSAGES.noteRequired);
  if (trimmed.length > TICKET_LIMITS.noteText) throw notesError('bad_request', TICKET_MESSAGES.noteTooLong);
  if (trimmed.includes('\u0000')) throw notesError('bad_request', TICKET_MESSAGES.noNul);
  return trimmed;
}

/** Checks that a new entry is the caller's and written now; refuses it with 403 otherwise. */
function checkNewEntry(entry: NoteEntry, caller: TicketCaller, now: Date): void {
  const author = noteAuthor(caller);
  if (
    entry.userId !== caller.id ||
    entry.userName !== author.userName ||
    entry.userInitials !== author.userInitials
  ) {
    throw notesError('forbidden', TICKET_MESSAGES.noteNotYours);
  }
  if (!timestampString.safeParse(entry.timestamp).success) {
    throw fieldRefusal({ notes: [TICKET_MESSAGES.timestamp] });
  }
  if (Math.abs(Date.parse(entry.timestamp) - now.getTime()) > CLOCK_SKEW_MS) {
    throw notesError('forbidden', TICKET_MESSAGES.noteTimestampNotCurrent);
  }
}

/**
 * The notes column after a PUT that sends `sent`, or undefined when it stays as it is. Byte-identical
 * notes are unchanged (whatever they hold); otherwise `sent` must be a JSON list of entries that starts
 * with the ticket's entries (legacy text read as parseNotes reads it, based at `updatedAt`), or 403.
 * New entries are stored as POST /api/tickets/:id/notes stores them: text trimmed, timed at `now`.
 */
export function planNotesAppend(
  current: CurrentNotes,
  sent: string | null,
  caller: TicketCaller,
  now: Date,
): string | undefined {
  if (sent === current.notes) return undefined;
  const existing = parseNotes(current.notes, current.updatedAt);
  if (sent === null || sent.trim() === '') {
    if (existing.length > 0) throw notesError('forbidden', TICKET_MESSAGES.notesAppendOnly);
    return undefined;
  }
  const entries = parseNoteList(sent);
  if (!entries) throw notesError('bad_request', TICKET_MESSAGES.notesNotAList);
  const kept =
    entries.length >= existing.length && existing.every((entry, index) => sameEntry(entry, entries[index]!));
  if (!kept) throw notesError('forbidden', TICKET_MESSAGES.notesAppendOnly);

  const added = entries.slice(existing.length);
  if (added.length === 0) return undefined;
  for (const entry of added) checkNewEntry(entry, caller, now);
  const author = { userId: caller.id, ...noteAuthor(caller), timestamp: now.toISOString() };
  return serializeNotes([
    ...existing,
    ...added.map((entry) => ({ text: newEntryText(entry.text), ...author })),
  ]);
}
