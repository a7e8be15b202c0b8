import {
  normaliseTag,
  TAG_PATTERN,
  TICKET_FIELD_LIMITS,
  TICKET_FIELD_MESSAGES,
} from '@shared/contracts/ticket-fields';

export type TagAddition = { ok: true; tags: string[] } | { ok: false; problem: string };

/**
 * The ticket's tags with a typed one added, normalised as the server stores it (trimmed, lower-cased);
 * a tag already there changes nothing. The server's own rule and limit answer a bad one.
 */
export function withTag(current: readonly string[], typed: string): TagAddition {
  const tag = normaliseTag(typed);
  if (!TAG_PATTERN.test(tag)) return { ok: false, problem: TICKET_FIELD_MESSAGES.tagShape };
  if (current.includes(tag)) return { ok: true, tags: [...current] };
  if (current.length >= TICKET_FIELD_LIMITS.tags)
    return { ok: false, problem: TICKET_FIELD_MESSAGES.tooManyTags };
  return { ok: true, tags: [...current, tag] };
}

export const withoutTag = (current: readonly string[], tag: string): string[] =>
  current.filter((each) => each !== tag);
