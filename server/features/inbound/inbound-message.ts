import crypto from 'node:crypto';
import type { TicketPriority } from '@shared/constants';
import { parseMailbox } from '@shared/contracts/inbound';
import type { DeliveryReport } from './delivery-report';

/** A file of an inbound email, in message order. */
export interface InboundFile {
  filename: string;
  contentType: string;
  /** In bytes: the content's length, or what the JSON payload says when it gave no content. */
  size: number;
  /** Undefined when only its metadata came (a JSON payload without `content`). */
  content: Buffer | undefined;
}

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
  /**
   * The addresses the message was delivered to (Delivered-To; a JSON payload's `to` is read as its To),
   * and those of the To and Cc fields, as written, in order.
   */
  deliveredTo: string[];
  to: string[];
  cc: string[];
  /** The files the sender attached (not the images embedded in an HTML body). */
  files: InboundFile[];
  /** Set when the message is a delivery status notification (multipart/report; delivery-status). */
  deliveryReport: DeliveryReport | undefined;
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

/** At most this many addresses of one address field are read, out of at most this many pieces. */
const MAX_ADDRESSES = 100;
const MAX_PIECES = 1_000;

/**
 * The addresses of address header fields as a JSON payload gives them (`To: "Lee, Jordan" <a@b>, c@d`):
 * each comma-separated piece that holds an address. A comma inside a quoted name splits it, but the
 * piece with the angle brackets still yields the address.
 */
export function addressesIn(values: readonly string[] | undefined): string[] {
  const addresses: string[] = [];
  let examined = 0;
  for (const value of values ?? []) {
    for (const piece of value.split(/[,;]/)) {
      // A field of a megabyte of commas must not cost a million address checks.
      if (++examined > MAX_PIECES) return addresses;
      if (!piece.includes('@')) continue;
      const mailbox = parseMailbox(piece);
      if (mailbox) addresses.push(mailbox.address);
      if (addresses.length === MAX_ADDRESSES) return addresses;
    }
  }
  return addresses;
}

/**
 * The message's recipients in the order that decides which group a new ticket opens in (issue 39,
 * docs/decisions/126-group-mailboxes.md): Delivered-To first (where the mail system put it, so the one
 * address that surely is ours), then To, then Cc, each in header order; lower-cased, each once.
 */
export function recipientsInRoutingOrder(
  message: Pick<InboundMessage, 'deliveredTo' | 'to' | 'cc'>,
): string[] {
  return [
    ...new Set(
      [...message.deliveredTo, ...message.to, ...message.cc].map((address) => address.toLowerCase()),
    ),
  ];
}

/**
 * Our address as the message was sent to it: the configured support address when the message names
 * it in To or Cc, else the first To address (an alias that reached us), else the support address,
 * else ''.
 */
export function ourAddress(message: Pick<InboundMessage, 'to' | 'cc'>, supportAddress: string | undefined) {
  const support = supportAddress?.toLowerCase();
  if (support && [...message.to, ...message.cc].some((address) => address.toLowerCase() === support)) {
    return support;
  }
  return message.to[0] ?? support ?? '';
}
