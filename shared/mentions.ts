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

/** Whether the `@` at `index` may start a mention (not the `@` of an email address). */
function startsMention(text: string, index: number): boolean {
  const before = index === 0 ? '' : text.charAt(index - 1);
  return before === '' || !BEFORE_MENTION_DISALLOWED.test(before);
}

/**
 * The @s of a note that are read as mentions: the first MAX_MENTIONS_READ. A note is at most 10,000
 * characters; the cap keeps the work bounded whatever the text (a hundred mentions is already more
 * than any note needs).
 */
const MAX_MENTIONS_READ = 100;

/** Names of one kind (full or first), folded, with the users who bear each; longest first. */
function nameIndex(users: readonly MentionCandidate[], nameOf: (user: MentionCandidate) => string) {
  const byName = new Map<string, MentionCandidate[]>();
  for (const user of users) {
    const name = fold(nameOf(user));
    if (name.trim() !== '') byName.set(name, [...(byName.get(name) ?? []), user]);
  }
  const lengths = [...new Set([...byName.keys()].map((name) => name.length))].sort((a, b) => b - a);
  return { byName, lengths };
}

/** The users of the longest name of the index written at `index` and ending at a word boundary. */
function namedAt(text: string, index: number, names: ReturnType<typeof nameIndex>): MentionCandidate[] {
  for (const length of names.lengths) {
    const after = text.charAt(index + length);
    if (after !== '' && WORD_CHARACTER.test(after)) continue;
    const named = names.byName.get(fold(text.slice(index, index + length)));
    if (named) return named;
  }
  return [];
}

/**
 * The ids of the users `text` mentions, each once, in the order first mentioned. A full name wins
 * over a first name, the longest full name over a shorter one ("@Ann Lee" is Ann Lee, not Ann Le); a
 * first name shared by several users mentions none of them (the suggestions write the full name).
 */
export function findMentionedUserIds(text: string, users: readonly MentionCandidate[]): string[] {
  const fullNames = nameIndex(users, (user) => `${user.firstName} ${user.lastName}`);
  const firstNames = nameIndex(users, (user) => user.firstName);
  const found = new Set<string>();
  let read = 0;
  for (let at = text.indexOf('@'); at !== -1 && read < MAX_MENTIONS_READ; at = text.indexOf('@', at + 1)) {
    if (!startsMention(text, at)) continue;
    read += 1;
    const [full] = namedAt(text, at + 1, fullNames);
    if (full) {
      found.add(full.id);
      continue;
    }
    const byFirstName = namedAt(text, at + 1, firstNames);
    if (byFirstName.length === 1) found.add(byFirstName[0]!.id);
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
  if (at === -1 || !startsMention(text, at)) return undefined;
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
