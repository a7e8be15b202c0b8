/**
 * What an agent's reply says about itself in its header: the subject that carries the ticket number
 * (so the requester's answer finds its ticket), the sender's display name, and the thread it belongs
 * to (In-Reply-To, References), so mail clients show it in the requester's conversation.
 */
import { ticketNumbersIn } from '../../lib/reply-subject';
import { oneLine } from '../../mail/smtp-transport';

/** References keeps the thread's first message and the newest ones, this many in all. */
export const MAX_REFERENCES = 20;

/**
 * One "Re:", "RE:", "Fwd:", "FW:", "AW:", "SV:" or "Re[2]:" at the start of a subject. Anchored, with
 * no two unbounded runs that could share the same spaces, so it reads hostile subjects in linear time.
 */
const REPLY_PREFIX = /^\s*(?:re|fwd?|aw|sv)(?:\s*\[\d{1,4}\])?\s*:/i;
/** "Re: Re: Fwd: …" loses this many prefixes at most. */
const MAX_PREFIXES = 20;

function withoutReplyPrefixes(subject: string): string {
  let rest = subject;
  for (let i = 0; i < MAX_PREFIXES; i++) {
    const prefix = REPLY_PREFIX.exec(rest);
    if (!prefix) break;
    rest = rest.slice(prefix[0].length);
  }
  return rest.trim();
}

/**
 * `Re: [T-1700000000000] Printer jams`: the ticket's subject without its reply prefixes, after the
 * ticket number in brackets unless the subject names that ticket already.
 */
export function replySubject(ticket: { ticketNumber: string; subject: string }): string {
  const base = withoutReplyPrefixes(oneLine(ticket.subject));
  if (ticketNumbersIn(base).includes(ticket.ticketNumber)) return `Re: ${base}`;
  return base ? `Re: [${ticket.ticketNumber}] ${base}` : `Re: [${ticket.ticketNumber}]`;
}

/** "Ada Lovelace via Help Desk": the agent (by name, else address) and the help desk's From name. */
export function senderName(
  agent: { firstName: string | null; lastName: string | null; email: string },
  fromName: string,
): string {
  const name = oneLine([agent.firstName, agent.lastName].filter(Boolean).join(' ')) || agent.email;
  return `${name} via ${oneLine(fromName)}`;
}

/**
 * A reply answers the newest message of the thread and lists the thread in References: its first
 * message and the newest ones, at most MAX_REFERENCES (RFC 5322 3.6.4 lets a long list be trimmed,
 * and keeping the first one keeps the thread's root).
 */
export function threadHeaders(threadIds: readonly string[]): {
  inReplyTo: string | null;
  references: string[];
} {
  const ids = [...new Set(threadIds)];
  const references =
    ids.length <= MAX_REFERENCES ? ids : [ids[0]!, ...ids.slice(ids.length - (MAX_REFERENCES - 1))];
  return { inReplyTo: ids.at(-1) ?? null, references };
}
