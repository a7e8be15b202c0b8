/**
 * What an agent's reply says about itself in its header: the subject that carries the ticket number
 * (so the requester's answer finds its ticket), the sender's display name, and the thread it belongs
 * to (In-Reply-To, References), so mail clients show it in the requester's conversation.
 */
import { ticketNumbersIn } from '../../lib/reply-subject';
import { oneLine } from '../../mail/smtp-transport';

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
