import { describe, expect, it } from 'vitest';
import { LEGACY_NOTE_SPACING_MS } from './constants';
import { noteAuthor, parseNotes, serializeNotes, type NoteEntry } from './notes';

const base = new Date('2026-03-10T12:00:00.000Z');
const entry: NoteEntry = {
  text: 'Called the user back',
  userId: 'a1b2',
  userInitials: 'AM',
  userName: 'Alex Morgan',
  timestamp: '2026-03-09T08:00:00.000Z',
};

describe('parseNotes', () => {
  it.each([null, undefined, '', '   \n  '])('when the notes are %j, then there are no entries', (raw) => {
    expect(parseNotes(raw, base)).toEqual([]);
  });

  it('when the notes are a JSON list of entries, then they are returned as they are', () => {
    expect(parseNotes(serializeNotes([entry, { ...entry, text: 'second' }]), base)).toEqual([
      entry,
      { ...entry, text: 'second' },
    ]);
  });

  it('when the notes are legacy text, then each blank-line-separated part is a Legacy Note 2 minutes apart', () => {
    const notes = parseNotes('First part\nstill first\n\n  Second part  \r\n \r\nThird part\n\n\n', base);
    expect(notes.map((note) => note.text)).toEqual(['First part\nstill first', 'Second part', 'Third part']);
    for (const note of notes) {
      expect(note).toMatchObject({ userName: 'Legacy Note', userInitials: 'N', userId: null });
    }
    const times = notes.map((note) => Date.parse(note.timestamp));
    expect(times).toEqual([
      base.getTime() - 2 * LEGACY_NOTE_SPACING_MS,
      base.getTime() - LEGACY_NOTE_SPACING_MS,
      base.getTime(),
    ]);
    expect(LEGACY_NOTE_SPACING_MS).toBe(120_000);
  });

  it.each([
    ['a JSON value that is not a list', '"just a string"'],
    ['a JSON list of something else', '[1, 2]'],
    ['text that looks like JSON', '[not json'],
  ])('when the notes are %s, then the text is kept as one legacy note', (_case, raw) => {
    expect(parseNotes(raw, base)).toEqual([
      { text: raw, userId: null, userName: 'Legacy Note', userInitials: 'N', timestamp: base.toISOString() },
    ]);
  });

  it('when no base time is given, then legacy notes end at the current time', () => {
    const before = Date.now();
    const [note] = parseNotes('only one');
    expect(Date.parse(note!.timestamp)).toBeGreaterThanOrEqual(before);
  });
});

describe('noteAuthor', () => {
  it('when the user has both names, then the full name and two capital initials', () => {
    expect(noteAuthor({ firstName: 'ada', lastName: 'Lovelace' })).toEqual({
      userName: 'ada Lovelace',
      userInitials: 'AL',
    });
  });

  it('when only one name is known, then that name and its initial', () => {
    expect(noteAuthor({ firstName: null, lastName: 'Hopper' })).toEqual({
      userName: 'Hopper',
      userInitials: 'H',
    });
  });

  it('when no name is known, then "Unknown User" with initials "N"', () => {
    expect(noteAuthor({ firstName: null, lastName: '  ' })).toEqual({
      userName: 'Unknown User',
      userInitials: 'N',
    });
  });
});
