/**
 * The email conversation of a ticket: what the requester sent and what agents answered by email
 * (GET/POST /api/tickets/:id/messages, POST /api/messages/:id/retry, GET /api/attachments/:id).
 * Notes stay internal and are never emailed (shared/notes.ts). Plain zod only: the SPA imports this.
 */
import { z } from 'zod';
import { TICKET_STATUS_META, TICKET_STATUSES, type TicketStatus } from '../constants';
import { labelled } from './common';
import { idSchema } from './tickets';
import { formatBytes } from '../format-bytes';

export { formatBytes };

export const MESSAGE_DIRECTIONS = ['inbound', 'outbound'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

/**
 * An inbound message is `received`. An outbound reply is `queued` when stored, `sending` while the
 * worker hands it to the SMTP server, then `sent` or `failed` (with its reason).
 */
export const MESSAGE_STATUSES = ['received', 'queued', 'sending', 'sent', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Defaults of the attachment limits (ATTACHMENT_MAX_FILE_BYTES, ATTACHMENT_MAX_MESSAGE_BYTES). */
export const ATTACHMENT_DEFAULT_LIMITS = {
  fileBytes: 10 * 1024 * 1024,
  messageBytes: 25 * 1024 * 1024,
} as const;

export const MESSAGE_LIMITS = {
  /** A reply's text, as typed. */
  body: 100_000,
  /** Files attached to one reply. */
  files: 20,
} as const;

export const MESSAGE_TEXTS = {
  // The Conversation card (ticket detail, left column, above Notes).
  conversationTitle: 'Conversation',
  conversationEmpty: 'No replies yet.',
  conversationError: 'Could not load the conversation.',
  received: 'Received',
  sent: 'Sent',
  queued: 'Queued',
  sending: 'Sending...',
  failed: 'Failed',
  retry: 'Retry',
  attachmentTooLarge: 'too large, not kept',
  // The Reply card (right column, above Add Notes).
  replyTitle: 'Reply',
  replyPlaceholder: (fromName: string) => `Write a reply to ${fromName}...`,
  attachFiles: 'Attach files',
  sendReply: 'Send Reply',
  sendingReply: 'Sending...',
  emailNotConfigured:
    'Email is not set up yet. An administrator can add the SMTP server under Settings → Email.',
  replyQueued: 'Reply queued for sending',
  /** Under replyQueued when the reply moved the ticket (issue 37: never a silent status change). */
  replyMovedStatus: (to: TicketStatus) => `Status changed to ${TICKET_STATUS_META[to].label}.`,
  replyFailed: 'Could not send the reply',
} as const;

export const MESSAGE_ERRORS = {
  bodyRequired: 'Reply text is required',
  bodyTooLong: `Reply text must be at most ${MESSAGE_LIMITS.body} characters`,
  tooManyFiles: `At most ${MESSAGE_LIMITS.files} files per reply`,
  fileTooLarge: (limitBytes: number) => `Each file must be at most ${formatBytes(limitBytes)}`,
  filesTooLarge: (limitBytes: number) => `All files together must be at most ${formatBytes(limitBytes)}`,
  emailNotConfigured: 'Email is not configured: an administrator must set up SMTP in Settings first',
  messageNotFound: 'Message not found',
  attachmentNotFound: 'Attachment not found',
  notRetryable: 'Only a failed reply can be sent again',
} as const;

export const messageAttachmentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  /** False when the file was over the size limits: it is listed, its content was not kept. */
  kept: z.boolean(),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

export const ticketMessageSchema = z.object({
  id: z.string(),
  direction: z.enum(MESSAGE_DIRECTIONS),
  fromName: z.string(),
  fromEmail: z.string(),
  to: z.string(),
  subject: z.string(),
  bodyText: z.string(),
  createdAt: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  /** Why a reply failed (or the last transient failure while it is queued again); else null. */
  error: z.string().nullable(),
  attachments: z.array(messageAttachmentSchema),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/** GET /api/tickets/:id/messages: the original message first, then oldest first. */
export const ticketMessagesResponseSchema = /* @__PURE__ */ z.object({
  messages: z.array(ticketMessageSchema),
});
export type TicketMessagesResponse = z.infer<typeof ticketMessagesResponseSchema>;

/** POST /api/tickets/:id/messages (201) and POST /api/messages/:id/retry (200). */
export const ticketMessageResponseSchema = /* @__PURE__ */ z.object({ message: ticketMessageSchema });
export type TicketMessageResponse = z.infer<typeof ticketMessageResponseSchema>;

/**
 * POST /api/tickets/:id/messages (201): the reply, and the status change it made, if any (an open
 * ticket moves to in progress with its first reply), so the client can say so; null otherwise.
 */
export const sendReplyResponseSchema = /* @__PURE__ */ ticketMessageResponseSchema.extend({
  statusChange: z.object({ from: z.enum(TICKET_STATUSES), to: z.enum(TICKET_STATUSES) }).nullable(),
});
export type SendReplyResponse = z.infer<typeof sendReplyResponseSchema>;

/** The JSON body (or the text field of the multipart form) of POST /api/tickets/:id/messages. */
/** What a 400 names the reply's fields by (decision 120). */
export const REPLY_FIELD_LABELS = { body: 'Reply text', files: 'Files' } as const;

export const sendReplySchema = z.object({
  body: labelled(
    z
      .string({ error: MESSAGE_ERRORS.bodyRequired })
      .refine((value) => value.trim().length > 0, MESSAGE_ERRORS.bodyRequired)
      .refine((value) => value.length <= MESSAGE_LIMITS.body, MESSAGE_ERRORS.bodyTooLong),
    REPLY_FIELD_LABELS.body,
  ),
});
export type SendReplyInput = z.output<typeof sendReplySchema>;

export const messageParamsSchema = z.object({ id: idSchema });
export const attachmentParamsSchema = z.object({ id: idSchema });
