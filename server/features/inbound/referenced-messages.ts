import { normalizeMessageId, type InboundMessage } from './inbound-message';

/**
 * At most this many Message-IDs of In-Reply-To and References are looked up. References grows by one
 * id per message of a thread and lists the newest last, so the last ones are kept.
 */
export const MAX_REFERENCED_MESSAGES = 100;

/** RFC 5322 caps a line at 998 characters; a longer "id" is not one. */
const MAX_MESSAGE_ID_LENGTH = 998;

/** `<id>` tokens: a bracket, anything but brackets and white space, a bracket (linear: no nesting). */
const BRACKETED_ID = /<([^<>\s]+)>/g;

/** The Message-IDs one header value names, without brackets (`<a@b> <c@d>`, or a lone `a@b`). */
export function messageIdsIn(value: string): string[] {
  const bracketed = [...value.matchAll(BRACKETED_ID)].map((match) => match[1]!);
  if (bracketed.length > 0) return bracketed;
  // Some mailers write a lone id without brackets.
  const lone = normalizeMessageId(value);
  return lone && !/\s/.test(lone) ? [lone] : [];
}

/**
 * The Message-IDs an email answers (In-Reply-To) or continues (References), without brackets and
 * repeats, newest last. They name messages of a thread, so knowing one shows the sender took part.
 */
export function referencedMessageIds(headers: InboundMessage['headers']): string[] {
  const values = [...(headers['references'] ?? []), ...(headers['in-reply-to'] ?? [])];
  const ids = new Set<string>();
  for (const value of values) {
    for (const id of messageIdsIn(value)) if (id.length <= MAX_MESSAGE_ID_LENGTH) ids.add(id);
  }
  return [...ids].slice(-MAX_REFERENCED_MESSAGES);
}

/**
 * The ids of one field (`in-reply-to` or `references`) as a received message stores them: without
 * brackets and repeats, at most the last MAX_REFERENCED_MESSAGES.
 */
export function messageIdsOf(
  headers: InboundMessage['headers'],
  field: 'in-reply-to' | 'references',
): string[] {
  return referencedMessageIds({ [field]: headers[field] ?? [] });
}
