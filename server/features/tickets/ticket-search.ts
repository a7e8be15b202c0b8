/**
 * What the search box's text means (docs/decisions/066-word-search.md): words, not substrings. Every
 * word must occur in the ticket's subject, body text, sender name or sender address; "quoted words"
 * must occur together in that order; a `-word` or `-"quoted words"` must not occur; the last word
 * matches as a prefix while it is being typed ("prin" finds "printer"). A term that is a ticket number,
 * with or without its `T-`, also finds that ticket directly.
 *
 * The words become a `to_tsquery` text in which every word is a quoted operand, so nothing a user types
 * is read as a query operator; PostgreSQL's own parser then splits each operand exactly as it split the
 * ticket's text (an address stays one word, "e-mail" gives "e-mail", "e" and "mail").
 * The last word is a prefix only when it is a plain word of at least SEARCH_PREFIX_MIN_LENGTH letters.
 */
import { SEARCH_PREFIX_MIN_LENGTH } from '@shared/constants';

export interface TicketSearch {
  /** A to_tsquery() text; empty when the term has no words (a ticket number may still match). */
  query: string;
  /** The ticket number the whole term names ("T-" and digits), when it names one. */
  ticketNumber?: string;
}

interface SearchTerm {
  text: string;
  excluded: boolean;
  quoted: boolean;
}

/**
 * A word PostgreSQL's parser keeps whole: letters and digits only. Only such a word is a prefix; an
 * address, a path or "T-1700…" splits into parts, and a prefix would apply to each part ("t" would
 * stand for every word starting with t, and read much of the index).
 */
const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;

/** A ticket number as typed: "T-1700…", "t1700…" or the digits alone. */
const TICKET_NUMBER = /^t-?(\d+)$|^(\d+)$/i;

/** The term's words, phrases and exclusions, in order. An unclosed quote runs to the end. */
function termsOf(input: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  let index = 0;
  while (index < input.length) {
    if (/\s/.test(input[index]!)) {
      index += 1;
      continue;
    }
    const excluded = input[index] === '-' && index + 1 < input.length && !/\s/.test(input[index + 1]!);
    if (excluded) index += 1;
    const quoted = input[index] === '"';
    let end: number;
    let text: string;
    if (quoted) {
      const close = input.indexOf('"', index + 1);
      end = close === -1 ? input.length : close + 1;
      text = input.slice(index + 1, close === -1 ? input.length : close);
    } else {
      end = index;
      while (end < input.length && !/\s/.test(input[end]!)) end += 1;
      text = input.slice(index, end);
    }
    if (text.trim()) terms.push({ text: text.trim(), excluded, quoted });
    index = end;
  }
  return terms;
}

/**
 * One operand of to_tsquery: quoted, with its quotes and backslashes doubled as the syntax asks, and
 * < and > as spaces, as the tickets' text was indexed (the parser would take "<timeout>" for a tag).
 */
const operand = (text: string) =>
  `'${text.replace(/[<>]/g, ' ').replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

export function parseTicketSearch(input: string): TicketSearch {
  const term = input.trim();
  const terms = termsOf(term);
  const last = terms[terms.length - 1];
  const parts = terms.map((part) => {
    const asPrefix =
      part === last &&
      !part.quoted &&
      !part.excluded &&
      PLAIN_WORD.test(part.text) &&
      [...part.text].length >= SEARCH_PREFIX_MIN_LENGTH;
    return `${part.excluded ? '!' : ''}${operand(part.text)}${asPrefix ? ':*' : ''}`;
  });
  const number = TICKET_NUMBER.exec(term);
  const digits = number?.[1] ?? number?.[2];
  return { query: parts.join(' & '), ...(digits ? { ticketNumber: `T-${digits}` } : {}) };
}
