/** At most this many ticket numbers of one subject are looked up. */
const MAX_CANDIDATES = 5;

/**
 * Ticket numbers (`T-` and digits, spec §7) mentioned in a subject, in order of appearance and
 * without repeats: `Re: [T-1700000000000] Printer` and `RE: T-1700000000000 …` both name
 * T-1700000000000. The `T` may be lower-case; a number glued to a word (`XT-100`) does not count.
 */
export function ticketNumbersIn(subject: string): string[] {
  const numbers = new Set<string>();
  for (const match of subject.matchAll(/(?<![\p{L}\p{N}_-])[Tt]-(\d{1,60})(?!\d)/gu)) {
    numbers.add(`T-${match[1]}`);
    if (numbers.size === MAX_CANDIDATES) break;
  }
  return [...numbers];
}
