/**
 * Delivery status notifications (RFC 3464, "bounces"): a `multipart/report; report-type=delivery-status`
 * message with a machine-readable `message/delivery-status` part (one group of fields per recipient:
 * Action, Status, Diagnostic-Code) and the returned message or its header fields (`message/rfc822`,
 * `text/rfc822-headers`). Everything here reads what a remote mail server wrote, in linear time, and
 * only a bounded head of each part.
 */
import type { InboundMessage } from './inbound-message';
import { MAX_REFERENCED_MESSAGES, messageIdsIn, referencedMessageIds } from './referenced-messages';

export interface DeliveryReport {
  /**
   * The Message-IDs the report is about, without brackets: the returned message's own, and those the
   * report's In-Reply-To and References name.
   */
  messageIds: string[];
  /** Why delivery failed (each failed recipient's reason); undefined when none failed (a delay notice). */
  failure: string | undefined;
}

/** A part of the report as mailparser gives it (with keepDeliveryStatus, the status is a part too). */
export interface ReportPart {
  contentType: string;
  content: Buffer;
}

const REPORT_TYPES = new Set(['delivery-status', 'global-delivery-status']);
const STATUS_PARTS = new Set(['message/delivery-status', 'message/global-delivery-status']);
const RETURNED_PARTS = new Set([
  'text/rfc822-headers',
  'message/rfc822',
  'message/global',
  'message/global-headers',
]);

/** Only this much of a part is read: status fields and header blocks are a few kilobytes. */
const MAX_PART_HEAD = 64 * 1024;
/** A reason longer than this is cut (an agent reads it next to the failed reply). */
const MAX_REASON = 500;
const MAX_REASONS = 1_000;

export const DELIVERY_REPORT_TEXTS = {
  bounced: 'Bounced',
  unknown: 'the recipient’s mail server gave no reason',
} as const;

/** What common status codes (RFC 3463, the subject and detail after the class) mean. */
const STATUS_MEANINGS: Record<string, string> = {
  '1.1': 'bad destination mailbox address (user unknown)',
  '1.2': 'bad destination system address',
  '1.3': 'bad destination mailbox address syntax',
  '1.6': 'destination mailbox has moved',
  '2.1': 'mailbox disabled',
  '2.2': 'mailbox full',
  '2.3': 'message too long for the mailbox',
  '3.4': 'message too big for the system',
  '4.4': 'unable to route',
  '4.7': 'delivery time expired',
  '7.1': 'delivery not authorized, message refused',
};

/** Whether a Content-Type (as mailparser parses it) is that of a delivery status notification. */
export function isDeliveryReport(contentType: { value?: unknown; params?: unknown } | undefined): boolean {
  if (!contentType || String(contentType.value).toLowerCase() !== 'multipart/report') return false;
  const params = (contentType.params ?? {}) as Record<string, unknown>;
  return REPORT_TYPES.has(String(params['report-type'] ?? '').toLowerCase());
}

/** The text of a part's head: at most MAX_PART_HEAD bytes. */
const headOf = (part: ReportPart) => part.content.subarray(0, MAX_PART_HEAD).toString('utf8');

/**
 * Header-like fields in blocks separated by blank lines, continuation lines unfolded, names
 * lower-cased. The first occurrence of a field in a block wins.
 */
export function fieldBlocks(text: string): Map<string, string>[] {
  const blocks: Map<string, string>[] = [];
  let block = new Map<string, string>();
  let last: string | undefined;
  for (const line of text.split('\n')) {
    const content = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (content.trim() === '') {
      if (block.size > 0) blocks.push(block);
      block = new Map();
      last = undefined;
    } else if ((content.startsWith(' ') || content.startsWith('\t')) && last !== undefined) {
      block.set(last, `${block.get(last)} ${content.trim()}`);
    } else {
      const colon = content.indexOf(':');
      const name = colon > 0 ? content.slice(0, colon).trim().toLowerCase() : '';
      last = name && !block.has(name) ? name : undefined;
      if (last) block.set(last, content.slice(colon + 1).trim());
    }
  }
  if (block.size > 0) blocks.push(block);
  return blocks;
}

/** `smtp; 550 5.1.1 …` → `550 5.1.1 …`; `rfc822; a@b` → `a@b` (the type before the `;` dropped). */
const withoutType = (value: string | undefined) =>
  (value === undefined ? '' : value.slice(value.indexOf(';') + 1)).split(/\s+/).join(' ').trim();

/** Whether a block describes a recipient (the report's own block has Reporting-MTA and the like). */
const isRecipientBlock = (block: Map<string, string>) =>
  block.has('final-recipient') || block.has('action') || block.has('status');

/** Whether a recipient's block says delivery to it failed (not delayed, relayed or delivered). */
function failed(block: Map<string, string>): boolean {
  if (!isRecipientBlock(block)) return false;
  const action = block.get('action')?.trim().toLowerCase();
  if (action) return action === 'failed';
  return (block.get('status') ?? '').trim().startsWith('5');
}

/** "550 5.1.1 <a@b>: Recipient address rejected: User unknown", or the status and what it means. */
function reasonOf(block: Map<string, string>): string {
  const status = (block.get('status') ?? '').trim().split(/\s/)[0] ?? '';
  const diagnostic = withoutType(block.get('diagnostic-code'));
  const meaning = STATUS_MEANINGS[status.slice(status.indexOf('.') + 1)];
  const text = diagnostic
    ? diagnostic.includes(status)
      ? diagnostic
      : `${status} ${diagnostic}`
    : `${status} ${meaning ?? DELIVERY_REPORT_TEXTS.unknown}`;
  const reason = text.trim();
  return reason.length <= MAX_REASON ? reason : `${reason.slice(0, MAX_REASON - 1)}…`;
}

/** The Message-ID of a returned message (its header block: the head of the part up to a blank line). */
function returnedMessageIds(part: ReportPart): string[] {
  const [headers] = fieldBlocks(headOf(part));
  const messageId = headers?.get('message-id');
  return messageId ? messageIdsIn(messageId) : [];
}

/**
 * What a delivery status notification says: which messages it is about and why delivery failed.
 * `parts` are the report's parts after the human-readable text; `headers` the report's own fields.
 */
export function readDeliveryReport(
  parts: readonly ReportPart[],
  headers: InboundMessage['headers'],
): DeliveryReport {
  const ids = new Set<string>();
  const failures: string[] = [];
  for (const part of parts) {
    const type = part.contentType.toLowerCase();
    if (RETURNED_PARTS.has(type)) for (const id of returnedMessageIds(part)) ids.add(id);
    if (STATUS_PARTS.has(type)) {
      for (const block of fieldBlocks(headOf(part))) if (failed(block)) failures.push(reasonOf(block));
    }
  }
  for (const id of referencedMessageIds(headers)) ids.add(id);
  const all = failures.length ? `${DELIVERY_REPORT_TEXTS.bounced}: ${[...new Set(failures)].join('; ')}` : '';
  return {
    messageIds: [...ids].slice(0, MAX_REFERENCED_MESSAGES),
    failure: all ? (all.length <= MAX_REASONS ? all : `${all.slice(0, MAX_REASONS - 1)}…`) : undefined,
  };
}
