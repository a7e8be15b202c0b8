import { normaliseTag, TAG_PATTERN, TICKET_FIELD_MESSAGES } from '@shared/contracts/ticket-fields';

export type TypedTag = { ok: true; tag: string } | { ok: false; problem: string };

/**
 * A typed tag as the server would take it: normalised as it stores it (trimmed, lower-cased), or the
 * server's own message for one its rule refuses. With `limit` (a ticket's 20 tags, a bulk change's),
 * a new tag past it is refused too; one already among `current` always passes, as it adds nothing.
 */
export function readTypedTag(current: readonly string[], typed: string, limit?: number): TypedTag {
  const tag = normaliseTag(typed);
  if (!TAG_PATTERN.test(tag)) return { ok: false, problem: TICKET_FIELD_MESSAGES.tagShape };
  if (limit !== undefined && !current.includes(tag) && current.length >= limit)
    return { ok: false, problem: TICKET_FIELD_MESSAGES.tooManyTags };
  return { ok: true, tag };
}

/** The tags with `tag` after them; a tag already there changes nothing. */
export const withTag = (current: readonly string[], tag: string): string[] =>
  current.includes(tag) ? [...current] : [...current, tag];

export const withoutTag = (current: readonly string[], tag: string): string[] =>
  current.filter((each) => each !== tag);
