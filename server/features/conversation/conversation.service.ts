/**
 * Reading a ticket's email conversation: the messages received and the replies sent, with their files,
 * as one list, and the files themselves. Writing it is server/core/conversation (inbound and replies).
 */
import { MESSAGE_ERRORS, type TicketMessagesResponse } from '@shared/contracts/messages';
import { TICKET_MESSAGES } from '@shared/contracts/tickets';
import { toOriginalMessage, toTicketMessage } from '../../core/conversation/conversation.mapper';
import * as repository from '../../core/conversation/conversation.repository';
import type { AttachmentSummary } from '../../core/conversation/conversation.repository';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';

export const CONVERSATION_MESSAGES = {
  attachmentNotKept:
    'This file was not kept: it was too large (or the mail pipeline sent only its name), so only its name and size are listed',
} as const;

function groupByMessage(files: readonly AttachmentSummary[]): Map<string | null, AttachmentSummary[]> {
  const groups = new Map<string | null, AttachmentSummary[]>();
  for (const file of files) {
    const group = groups.get(file.messageId);
    if (group) group.push(file);
    else groups.set(file.messageId, [file]);
  }
  return groups;
}

/**
 * GET /api/tickets/:id/messages: the original message (made from the ticket) first, then the
 * conversation's messages oldest first, each with its files. Three queries whatever the number of
 * messages: the ticket, its messages, all its files. Messages are read before files, so a message
 * written meanwhile is either missing altogether or shown with all its files.
 */
export async function listTicketMessages(db: DbOrTx, ticketId: string): Promise<TicketMessagesResponse> {
  const start = await repository.findConversationStart(db, ticketId);
  if (!start) throw notFound(TICKET_MESSAGES.ticketNotFound);
  const rows = await repository.listMessages(db, ticketId);
  const files = groupByMessage(await repository.listAttachmentsOfTicket(db, ticketId));
  return {
    messages: [
      toOriginalMessage(start, files.get(null) ?? []),
      ...rows.map((row) => toTicketMessage(row, files.get(row.id) ?? [])),
    ],
  };
}

/** A stored file with its content, for the download; 404 when unknown or its content was not kept. */
export async function getAttachmentContent(
  db: DbOrTx,
  id: string,
): Promise<{ filename: string; contentType: string; content: Buffer }> {
  const file = await repository.findAttachment(db, id);
  if (!file) throw notFound(MESSAGE_ERRORS.attachmentNotFound);
  if (!file.kept || !file.content) throw notFound(CONVERSATION_MESSAGES.attachmentNotKept);
  return { filename: file.filename, contentType: file.contentType, content: file.content };
}
