import type { InboundEmailInput } from '@shared/contracts/inbound';
import { headerValue, normalizeMessageId, type InboundMessage } from './inbound-message';

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
    attachments: input.attachments ?? [],
    identity: messageId
      ? { messageId }
      : { sender: input.from.address, subject: input.subject, sent: input.received.toISOString() },
  };
}
