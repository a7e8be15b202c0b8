import {
  MESSAGE_DIRECTIONS,
  MESSAGE_STATUSES,
  type MessageAttachment,
  type MessageDirection,
  type MessageStatus,
  type TicketMessage,
} from '@shared/contracts/messages';
import type { TicketMessageRow } from '@shared/schema';
import { bodyToText } from '../../lib/body-text';
import type { AttachmentSummary, ConversationStart } from './conversation.repository';

const isDirection = (value: string): value is MessageDirection =>
  (MESSAGE_DIRECTIONS as readonly string[]).includes(value);
const isStatus = (value: string): value is MessageStatus =>
  (MESSAGE_STATUSES as readonly string[]).includes(value);

export function toMessageAttachment(row: AttachmentSummary): MessageAttachment {
  return { id: row.id, filename: row.filename, contentType: row.contentType, size: row.size, kept: row.kept };
}

/** The only shape in which a conversation message leaves the server: its text, never its HTML. */
export function toTicketMessage(
  row: TicketMessageRow,
  attachments: readonly AttachmentSummary[],
): TicketMessage {
  return {
    id: row.id,
    direction: isDirection(row.direction) ? row.direction : 'inbound',
    fromName: row.fromName,
    fromEmail: row.fromEmail,
    to: row.toEmail,
    subject: row.subject,
    bodyText: bodyToText(row.body),
    createdAt: row.createdAt.toISOString(),
    status: isStatus(row.status) ? row.status : 'received',
    error: row.error,
    attachments: attachments.map(toMessageAttachment),
  };
}

/**
 * The ticket's original message, made from the ticket itself (it has no ticket_messages row): its id
 * is the ticket's, it was received from the requester when the email was sent (or the ticket made),
 * and its files are those stored with no message.
 */
export function toOriginalMessage(
  ticket: ConversationStart,
  attachments: readonly AttachmentSummary[],
): TicketMessage {
  return {
    id: ticket.id,
    direction: 'inbound',
    fromName: ticket.fromName,
    fromEmail: ticket.fromEmail,
    to: '',
    subject: ticket.subject,
    bodyText: bodyToText(ticket.body),
    createdAt: (ticket.originalEmailDate ?? ticket.createdAt).toISOString(),
    status: 'received',
    error: null,
    attachments: attachments.map(toMessageAttachment),
  };
}
