/**
 * Ticket notes (spec §3): a JSON-encoded list of entries, or legacy plain text from before the list
 * existed. Shared by the server (which appends) and the SPA (which shows them), so nothing here may
 * import server-only code.
 */
import { z } from 'zod';
import { LEGACY_NOTE_SPACING_MS } from './constants';

export const noteEntrySchema = z.object({
  text: z.string(),
  /** null for entries converted from legacy text: no user wrote them in this app. */
  userId: z.string().nullable(),
  userInitials: z.string(),
  userName: z.string(),
  /** ISO 8601 time the note was written. */
  timestamp: z.string(),
});
export type NoteEntry = z.infer<typeof noteEntrySchema>;

const noteListSchema = z.array(noteEntrySchema);

export const LEGACY_NOTE_AUTHOR = { userName: 'Legacy Note', userInitials: 'N' } as const;
export const UNKNOWN_NOTE_AUTHOR = { userName: 'Unknown User', userInitials: 'N' } as const;
/** Notes the help desk writes itself, e.g. why an email opened a new ticket instead of joining one. */
export const SYSTEM_NOTE_AUTHOR = { userName: 'Help Desk', userInitials: 'HD' } as const;

/** Blank lines (possibly holding spaces) separate legacy notes. */
const LEGACY_SEPARATOR = /\n[ \t\r\f\v]*\n/;

/** The entries of a JSON-encoded list of note entries; undefined for anything else. */
export function parseNoteList(raw: string): NoteEntry[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const result = noteListSchema.safeParse(value);
  return result.success ? result.data : undefined;
}

/**
 * Splits legacy text into entries. The texts carry no times, so the last part is placed at
 * `baseTime` and each earlier part two minutes before the next: they keep their written order and
 * all come before anything appended afterwards.
 */
export function parseLegacyNotes(raw: string, baseTime: Date): NoteEntry[] {
  const parts = raw
    .replace(/\r\n?/g, '\n')
    .split(LEGACY_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  return parts.map((text, index) => ({
    text,
    userId: null,
    ...LEGACY_NOTE_AUTHOR,
    timestamp: new Date(
      baseTime.getTime() - (parts.length - 1 - index) * LEGACY_NOTE_SPACING_MS,
    ).toISOString(),
  }));
}

/**
 * The entries of a ticket's `notes` column, oldest first. A JSON list of entries is returned as it is;
 * anything else is legacy text. Pass the ticket's `updatedAt` as `legacyBaseTime` so legacy entries get
 * the same times wherever they are shown (the server uses it when it converts them).
 */
export function parseNotes(raw: string | null | undefined, legacyBaseTime: Date = new Date()): NoteEntry[] {
  if (!raw || raw.trim() === '') return [];
  return parseNoteList(raw) ?? parseLegacyNotes(raw, legacyBaseTime);
}

export function serializeNotes(entries: readonly NoteEntry[]): string {
  return JSON.stringify(entries);
}

/** The author fields of a new note (spec §6): the writer's full name and initials, with fallbacks. */
export function noteAuthor(user: { firstName: string | null; lastName: string | null }): {
  userName: string;
  userInitials: string;
} {
  const first = user.firstName?.trim() ?? '';
  const last = user.lastName?.trim() ?? '';
  const userName = [first, last].filter(Boolean).join(' ');
  const userInitials = `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
  return {
    userName: userName || UNKNOWN_NOTE_AUTHOR.userName,
    userInitials: userInitials || UNKNOWN_NOTE_AUTHOR.userInitials,
  };
}
