import type { InboundEmailInput } from '@shared/contracts/inbound';
import {
  addressesIn,
  headerValue,
  normalizeMessageId,
  type InboundFile,
  type InboundMessage,
} from './inbound-message';

/** A file of the payload: decoded when it came with its content (validated as base64 of `size` bytes). */
function fileOf(attachment: NonNullable<InboundEmailInput['attachments']>[number]): InboundFile {
  const { filename, contentType, size, content } = attachment;
  return {
    filename,
    contentType,
    size,
    content: content === undefined ? undefined : Buffer.from(content, 'base64'),
  };
}

/** The spec's JSON payload (already validated) as an inbound message. */
export function fromJsonPayload(input: InboundEmailInput): InboundMessage {
  const displayName = input.from_name || input.from.name;
  const headers = input.headers ?? {};
  const messageId = normalizeMessageId(headerValue(headers, 'message-id'));
  return {
    from: { address: input.from.address, name: displayName ?? input.from.address },
    fromDisplayName: displayName,
    subject: input.subject,
    body: input.body,
    received: input.received,
    priority: input.priority,
    headers,
    deliveredTo: addressesIn(headers['delivered-to']),
    // The payload's own `to` is what the pipeline says it was sent to: it comes before the header's.
    to: [...addressesIn(input.to), ...addressesIn(headers['to'])],
    cc: addressesIn(headers['cc']),
    files: (input.attachments ?? []).map(fileOf),
    // A JSON payload carries no MIME parts, so it is never read as a bounce.
    deliveryReport: undefined,
    identity: messageId
      ? { messageId }
      : { sender: input.from.address, subject: input.subject, sent: input.received.toISOString() },
  };
}
