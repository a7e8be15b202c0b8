/**
 * The only shapes in which tickets leave the server for requesters (issue 41): what the list, the
 * detail and a new message show, built from the portal repository's narrow reads. Text, never HTML;
 * display names, never an agent's address.
 */
import { PRODUCT_NAME } from '@shared/constants';
import type {
  PortalAttachment,
  PortalFieldsResponse,
  PortalMessage,
  PortalTicketDetailResponse,
  PortalTicketSummary,
} from '@shared/contracts/portal';
import type { CustomFieldValues, TicketField } from '@shared/contracts/ticket-fields';
import { bodyToText } from '../../lib/body-text';
import type {
  PortalFileRow,
  PortalTicketRow,
  RequesterTicketRow,
  ShownMessageRow,
} from './portal-tickets.repository';

export function toPortalTicketSummary(row: PortalTicketRow): PortalTicketSummary {
  return {
    id: row.id,
    ticketNumber: row.ticketNumber,
    subject: row.subject,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
  };
}

/** The fields a requester sees and fills: active ones an admin marked `portal`. */
export const portalFieldsOf = (fields: readonly TicketField[]) =>
  fields.filter((field) => field.portal && field.active);

/** A field as the new-ticket form needs it, with only the options still offered. */
export function toPortalField(field: TicketField): PortalFieldsResponse['fields'][number] {
  return {
    key: field.key,
    label: field.label,
    type: field.type,
    options: field.options.filter((option) => option.active),
  };
}

/** The ticket's values of the portal's fields only; every other field is the agents' own. */
export function portalValues(values: CustomFieldValues, fields: readonly TicketField[]): CustomFieldValues {
  return Object.fromEntries(
    portalFieldsOf(fields).flatMap((field) => (field.key in values ? [[field.key, values[field.key]!]] : [])),
  );
}

/**
 * Who wrote one of our replies, as its email's From name showed it ("Ada Lovelace via Help Desk"). An
 * agent without a name was shown by address there; here only the help desk's part after "via" is.
 */
export function replyAuthorName(fromName: string): string {
  const name = fromName.trim();
  if (name && !name.includes('@')) return name;
  const via = name.lastIndexOf(' via ');
  const desk = via === -1 ? '' : name.slice(via + ' via '.length).trim();
  return desk && !desk.includes('@') ? desk : PRODUCT_NAME;
}

const toPortalAttachment = (file: PortalFileRow): PortalAttachment => ({
  id: file.id,
  name: file.filename,
  size: file.size,
});

/** Kept files by the message they came with (null: the ticket's original message). */
export function filesByMessage(files: readonly PortalFileRow[]): Map<string | null, PortalAttachment[]> {
  const groups = new Map<string | null, PortalAttachment[]>();
  for (const file of files) {
    const group = groups.get(file.messageId) ?? [];
    group.push(toPortalAttachment(file));
    groups.set(file.messageId, group);
  }
  return groups;
}

/** The requester's own name on what they sent, else their address (theirs, so no secret to them). */
const requesterName = (name: string, email: string) => name.trim() || email;

/** The ticket's original message, made from the ticket itself: its id is the ticket's. */
export function toOriginalPortalMessage(
  ticket: RequesterTicketRow,
  attachments: readonly PortalAttachment[],
): PortalMessage {
  return {
    id: ticket.id,
    direction: 'inbound',
    authorName: requesterName(ticket.fromName, ticket.fromEmail),
    bodyText: bodyToText(ticket.body),
    createdAt: (ticket.originalEmailDate ?? ticket.createdAt).toISOString(),
    attachments: [...attachments],
  };
}

export function toPortalMessage(
  row: ShownMessageRow,
  attachments: readonly PortalAttachment[],
): PortalMessage {
  const outbound = row.direction === 'outbound';
  return {
    id: row.id,
    direction: outbound ? 'outbound' : 'inbound',
    authorName: outbound ? replyAuthorName(row.fromName) : requesterName(row.fromName, row.fromEmail),
    bodyText: bodyToText(row.body),
    createdAt: row.createdAt.toISOString(),
    attachments: [...attachments],
  };
}

/** GET /api/portal/tickets/:id: the ticket's own facts, then the original message and the shown mail. */
export function toPortalTicketDetail(
  ticket: RequesterTicketRow,
  fields: readonly TicketField[],
  messages: readonly ShownMessageRow[],
  files: readonly PortalFileRow[],
): PortalTicketDetailResponse {
  const byMessage = filesByMessage(files);
  return {
    ticket: {
      id: ticket.id,
      ticketNumber: ticket.ticketNumber,
      subject: ticket.subject,
      status: ticket.status,
      createdAt: ticket.createdAt.toISOString(),
      customFields: portalValues(ticket.customFields, fields),
    },
    messages: [
      toOriginalPortalMessage(ticket, byMessage.get(null) ?? []),
      ...messages.map((row) => toPortalMessage(row, byMessage.get(row.id) ?? [])),
    ],
  };
}
