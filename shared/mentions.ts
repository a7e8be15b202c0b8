/**
 * @mentions in notes (issue 18): `@First Last`, or `@First` when only one user has that first name,
 * names a colleague, who is notified. Shared by the server (which finds who a saved note mentions)
 * and the SPA (which suggests names as you type), so nothing here may import server-only code.
 *
 * An `@` counts only at the start of the text or after a character that is not a letter, digit, `_`,
 * `.` or another `@`: the `@` of an email address ("sam@example.com") mentions no one. Names match
 * case-insensitively and must end at a word boundary ("@Sammy" does not mention Sam).
 */

export interface MentionCandidate {
  id: string;
  firstName: string;
  lastName: string;
}

const WORD_CHARACTER = /[\p{L}\p{N}_]/u;
const BEFORE_MENTION_DISALLOWED = /[\p{L}\p{N}_.@]/u;

/** How a mention of `user` is written in full. */
export const mentionText = (user: MentionCandidate) => `@${user.firstName} ${user.lastName}`;

const fold = (value: string) => value.toLocaleLowerCase('en-US');

/** Whether `text` continues at `index` with `name` ending at a word boundary. */
function namedAt(text: string, index: number, name: string): boolean {
  if (name === '' || fold(text.slice(index, index + name.length)) !== fold(name)) return false;
  const after = text.charAt(index + name.length);
  return after === '' || !WORD_CHARACTER.test(after);
}

/** The indexes just after each `@` that may start a mention. */
function mentionStarts(text: string): number[] {
  const starts: number[] = [];
  for (let index = text.indexOf('@'); index !== -1; index = text.indexOf('@', index + 1)) {
    const before = index === 0 ? '' : text.charAt(index - 1);
    if (before === '' || !BEFORE_MENTION_DISALLOWED.test(before)) starts.push(index + 1);
  }
  return starts;
}

/**
 * The ids of the users `text` mentions, each once, in the order first mentioned. A full name wins
 * over a first name; a first name shared by several users mentions none of them (the suggestions
 * write the full name).
 */
export function findMentionedUserIds(text: string, users: readonly MentionCandidate[]): string[] {
  const byFirstName = new Map<string, MentionCandidate[]>();
  for (const user of users) {
    const key = fold(user.firstName);
    byFirstName.set(key, [...(byFirstName.get(key) ?? []), user]);
  }
  const found = new Set<string>();
  for (const start of mentionStarts(text)) {
    // The longest full name first, so "@Ann Lee" is Ann Lee, not Ann Le.
    const fullMatches = users
      .filter((user) => namedAt(text, start, `${user.firstName} ${user.lastName}`))
      .sort((a, b) => b.firstName.length + b.lastName.length - (a.firstName.length + a.lastName.length));
    const fullMatch = fullMatches[0];
    if (fullMatch) {
      found.add(fullMatch.id);
      continue;
    }
    for (const [firstName, named] of byFirstName) {
      const only = named.length === 1 ? named[0] : undefined;
      if (only && namedAt(text, start, firstName)) found.add(only.id);
    }
  }
  return [...found];
}

/** A mention being typed: where its `@` is and what follows it up to the caret. */
export interface MentionQuery {
  /** The index of the `@`. */
  start: number;
  query: string;
}

/** The longest name part typed after an `@` that still asks for suggestions ("First Last"). */
const MAX_QUERY_LENGTH = 60;

/**
 * The mention the caret is in, if any: an `@` that may start a mention, followed up to the caret by
 * at most two words on the same line.
 */
export function mentionQueryAt(text: string, caret: number): MentionQuery | undefined {
  const line = text.slice(0, caret);
  const at = line.lastIndexOf('@');
  if (at === -1 || !mentionStarts(text).includes(at + 1)) return undefined;
  const query = line.slice(at + 1);
  if (query.length > MAX_QUERY_LENGTH || /[\n@]/.test(query) || /^\s/.test(query)) return undefined;
  if (query.split(' ').length > 2) return undefined;
  return { start: at, query };
}

/** The users whose name starts with the typed query (first name, last name or both), by name. */
export function mentionSuggestions<T extends MentionCandidate>(users: readonly T[], query: string): T[] {
  const typed = fold(query);
  return users
    .filter((user) => {
      const full = fold(`${user.firstName} ${user.lastName}`);
      return full.startsWith(typed) || fold(user.lastName).startsWith(typed);
    })
    .sort((a, b) => `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`, 'en-US'));
}

/** The text with the mention being typed replaced by the user's full mention and a space. */
export function completeMention(
  text: string,
  mention: MentionQuery,
  caret: number,
  user: MentionCandidate,
): { text: string; caret: number } {
  const inserted = `${mentionText(user)} `;
  return {
    text: text.slice(0, mention.start) + inserted + text.slice(caret),
    caret: mention.start + inserted.length,
  };
}
