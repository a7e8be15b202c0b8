import crypto from 'node:crypto';
import { simpleParser, type AddressObject, type HeaderLines, type ParsedMail } from 'mailparser';
import { DEFAULT_TICKET_PRIORITY } from '@shared/constants';
import { parseMailbox } from '@shared/contracts/inbound';
import { TICKET_LIMITS } from '@shared/contracts/tickets';
import { fieldRefusal } from '../../lib/validate';
import { isDeliveryReport, readDeliveryReport, type DeliveryReport } from './delivery-report';
import { headerValue, normalizeMessageId, type InboundFile, type InboundMessage } from './inbound-message';

export const MIME_MESSAGES = {
  empty: 'The message is empty',
  unparseable: 'Not an RFC 5322 message: it has no header fields',
  noFrom: 'The message has no From address',
  noSubject: '(no subject)',
  noBody: '(no message text)',
  truncated: '\n\n[… truncated]',
  unnamedAttachment: 'unnamed',
} as const;

const PARSER_OPTIONS = {
  // The body is stored as received: the HTML part itself when there is no text part.
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipTextLinks: true,
  // Keep cid: links rather than inlining images into the HTML as data URIs.
  keepCidLinks: true,
  skipImageLinks: true,
  // A bounce's machine-readable part stays a part of its own instead of joining the text.
  keepDeliveryStatus: true,
} as const;

/** At most this many addresses of To and of Cc are read. */
const MAX_ADDRESSES = 100;

const messageError = (message: string) => fieldRefusal({ message: [message] });

/** PostgreSQL text holds no NUL; jsonb holds no unpaired surrogate. */
const storable = (text: string) => text.replaceAll('\u0000', '').replace(/\p{Cs}/gu, '\uFFFD');

/** Cuts text that would not fit its column, saying so at the end. */
function fitted(text: string, max: number, marker = ''): string {
  return text.length <= max ? text : text.slice(0, max - marker.length) + marker;
}

/** Header fields by lower-cased name, values unfolded, in message order. */
function headersOf(lines: HeaderLines): Record<string, string[]> {
  // No prototype: a field named "constructor" or "__proto__" must not find Object's own members.
  const headers: Record<string, string[]> = Object.create(null);
  for (const { key, line } of lines) {
    if (!key) continue;
    const value = line
      .slice(line.indexOf(':') + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim();
    (headers[key.toLowerCase()] ??= []).push(value);
  }
  return headers;
}

function senderOf(mail: ParsedMail): { address: string; name: string | undefined } {
  const mailboxes = (mail.from?.value ?? []).flatMap((entry) => [entry, ...(entry.group ?? [])]);
  for (const mailbox of mailboxes) {
    const parsed = mailbox.address ? parseMailbox(mailbox.address) : undefined;
    if (parsed) return { address: parsed.address, name: storable(mailbox.name).trim() || undefined };
  }
  throw fieldRefusal({ from: [MIME_MESSAGES.noFrom] });
}

/** The Date field when it is a real date in the supported years; undefined otherwise. */
function sentDate(mail: ParsedMail, headers: Record<string, string[]>): Date | undefined {
  const written = headerValue(headers, 'date');
  if (!written || !mail.date || Number.isNaN(Date.parse(written))) return undefined;
  const year = mail.date.getUTCFullYear();
  return year >= TICKET_LIMITS.minYear && year <= TICKET_LIMITS.maxYear ? mail.date : undefined;
}

/**
 * Files the sender attached, with their content; images embedded in the HTML (cid: parts of a
 * multipart/related) are part of the body and not listed.
 */
function filesOf(mail: ParsedMail): InboundFile[] {
  return mail.attachments
    .filter((attachment) => !attachment.related)
    .slice(0, TICKET_LIMITS.attachments)
    .map((attachment) => ({
      filename: fitted(
        storable(attachment.filename ?? MIME_MESSAGES.unnamedAttachment),
        TICKET_LIMITS.attachmentText,
      ),
      contentType: fitted(storable(attachment.contentType), TICKET_LIMITS.attachmentText),
      size: attachment.content.length,
      content: attachment.content,
    }));
}

/** The valid addresses of an address field (groups opened), in order. */
function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const mailboxes = [field ?? []]
    .flat()
    .flatMap((object) => object.value)
    .flatMap((entry) => [entry, ...(entry.group ?? [])]);
  return mailboxes
    .flatMap((mailbox) => (mailbox.address ? (parseMailbox(mailbox.address)?.address ?? []) : []))
    .slice(0, MAX_ADDRESSES);
}

/** What a delivery status notification says, when the message is one. */
function deliveryReportOf(mail: ParsedMail, headers: InboundMessage['headers']): DeliveryReport | undefined {
  const contentType = mail.headers.get('content-type') as { value?: unknown; params?: unknown } | undefined;
  if (!isDeliveryReport(contentType)) return undefined;
  return readDeliveryReport(mail.attachments, headers);
}

/**
 * A raw RFC 5322 message, parsed with mailparser. The body is the text part, or the HTML part when
 * there is none or it is blank. Mail is not refused for what senders commonly get wrong: a missing
 * subject or body gets a placeholder, an overlong one is cut, a missing or broken Date is taken as now.
 * Refused (400): an empty body, no header fields at all, and no usable From address.
 */
export async function parseMimeEmail(raw: Buffer, now: Date = new Date()): Promise<InboundMessage> {
  if (raw.length === 0) throw messageError(MIME_MESSAGES.empty);
  let mail: ParsedMail;
  try {
    mail = await simpleParser(raw, PARSER_OPTIONS);
  } catch {
    throw messageError(MIME_MESSAGES.unparseable);
  }
  const headers = headersOf(mail.headerLines);
  if (Object.keys(headers).length === 0) throw messageError(MIME_MESSAGES.unparseable);

  const sender = senderOf(mail);
  const subject =
    fitted(storable(mail.subject ?? '').trim(), TICKET_LIMITS.subject) || MIME_MESSAGES.noSubject;
  // mailparser gives a single-part text/html message an empty text part: a blank one is no text part.
  const body = storable(mail.text ?? '').trim() || storable(mail.html || '').trim();
  const sent = sentDate(mail, headers);
  const messageId = normalizeMessageId(mail.messageId);
  return {
    from: { address: sender.address, name: fitted(sender.name ?? sender.address, TICKET_LIMITS.fromName) },
    fromDisplayName: sender.name,
    subject,
    body: body ? fitted(body, TICKET_LIMITS.body, MIME_MESSAGES.truncated) : MIME_MESSAGES.noBody,
    received: sent ?? now,
    priority: DEFAULT_TICKET_PRIORITY,
    headers,
    // mailparser reads Delivered-To as an address field, every occurrence in order.
    deliveredTo: addressesOf(mail.headers.get('delivered-to') as AddressObject | AddressObject[] | undefined),
    to: addressesOf(mail.to),
    cc: addressesOf(mail.cc),
    files: filesOf(mail),
    deliveryReport: deliveryReportOf(mail, headers),
    identity: messageId
      ? { messageId }
      : {
          sender: sender.address,
          subject,
          // Without a usable Date, a redelivery is recognised only as the very same bytes.
          sent: sent ? sent.toISOString() : `sha256:${crypto.createHash('sha256').update(raw).digest('hex')}`,
        },
  };
}
