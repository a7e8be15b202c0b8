/** A `/` typed at the start of a line of the reply, and what follows it up to the caret. */
export interface SlashQuery {
  /** The index of the `/`. */
  start: number;
  query: string;
}

/** The longest name filter typed after `/` that still counts as one. */
const MAX_QUERY_LENGTH = 60;

/**
 * The canned-response command the caret is in: a `/` at the start of the box or of a line, followed
 * on that line by the name being typed. A `/` anywhere else ("and/or", a path) is text.
 */
export function slashQueryAt(text: string, caret: number): SlashQuery | undefined {
  const lineStart = text.lastIndexOf('\n', caret - 1) + 1;
  if (text.charAt(lineStart) !== '/') return undefined;
  const query = text.slice(lineStart + 1, caret);
  if (query.length > MAX_QUERY_LENGTH || query.includes('\n') || /^\s/.test(query)) return undefined;
  return { start: lineStart, query };
}

/** The text with `[from, to)` replaced by `inserted`, and the caret just after it. */
export function insertAt(text: string, from: number, to: number, inserted: string) {
  return { text: text.slice(0, from) + inserted + text.slice(to), caret: from + inserted.length };
}
