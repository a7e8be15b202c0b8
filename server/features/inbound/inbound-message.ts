import crypto from 'node:crypto';
import type { TicketPriority } from '@shared/constants';
import type { TicketAttachment } from '@shared/contracts/tickets';

/** An inbound email, whichever way it came (JSON payload or raw message), ready for the service. */
export interface InboundMessage {
  /** The sender's address as written and the name to show (the address when there is none). */
  from: { address: string; name: string };
  /** The display name the sender gave, if any (note initials come from it). */
  fromDisplayName: string | undefined;
  subject: string;
  /** As received: the text part, or the HTML part when there is none. */
  body: string;
  /** When the message was sent; becomes the ticket's originalEmailDate. */
  received: Date;
  priority: TicketPriority;
  /** Header fields by lower-cased name; a field that occurs several times has several values. */
  headers: Readonly<Record<string, readonly string[]>>;
  attachments: TicketAttachment[];
  /**
   * What makes two deliveries the same message: its Message-ID, or else sender, subject and the
   * sent time (as written in the message when it came raw).
   */
  identity: { messageId: string } | { sender: string; subject: string; sent: string };
}

/** A Message-ID without its angle brackets and surrounding space; undefined when blank. */
export function normalizeMessageId(value: string | undefined): string | undefined {
  const id = value
    ?.trim()
    .replace(/^<(.*)>$/s, '$1')
    .trim();
  return id || undefined;
}

/** The first value of a header field (names are lower-cased). */
export const headerValue = (headers: InboundMessage['headers'], name: string) => headers[name]?.[0];

/** The key under which a message is recorded: SHA-256 over its identity, as 64 hex characters. */
export function dedupeKey(identity: InboundMessage['identity']): string {
  const material =
    'messageId' in identity
      ? ['message-id', identity.messageId]
      : ['sender-subject-sent', identity.sender.toLowerCase(), identity.subject, identity.sent];
  return crypto.createHash('sha256').update(material.join('\u0000')).digest('hex');
}
