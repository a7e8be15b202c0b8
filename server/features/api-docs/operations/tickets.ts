import { z } from 'zod';
import {
  attachmentParamsSchema,
  messageParamsSchema,
  sendReplyResponseSchema,
  sendReplySchema,
  ticketMessageResponseSchema,
  ticketMessagesResponseSchema,
} from '@shared/contracts/messages';
import { bulkMergeTicketsSchema, mergeTicketSchema } from '@shared/contracts/ticket-merge';
import {
  addNoteSchema,
  bulkDeleteTicketsResponseSchema,
  bulkDeleteTicketsSchema,
  bulkUpdateTicketsResponseSchema,
  bulkUpdateTicketsSchema,
  checkUpdatesQuerySchema,
  checkUpdatesResponseSchema,
  createTicketSchema,
  idSchema,
  ticketActivityResponseSchema,
  ticketListParams,
  ticketListResponseSchema,
  ticketResponseSchema,
  updateTicketSchema,
} from '@shared/contracts/tickets';
import { closeTicketResponseSchema, closeTicketSchema } from '@shared/contracts/time';
import { created, json, noContent, type ApiArea } from '../operation';

const ticketParams = z.object({ id: idSchema });

/** A file download: its own bytes and type; `inline=1` asks to show it rather than save it. */
const fileQuery = z.object({ inline: z.enum(['0', '1']).optional() });
const fileAnswer = {
  kind: 'content',
  status: 200,
  description: 'The file’s bytes, with its Content-Type and a Content-Disposition naming it',
  content: {
    'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
  },
} as const;

/** A reply with files: the text beside the files, as the Reply card sends it. */
const replyForm = z.object({
  body: z.string().meta({ description: 'The reply text' }),
  files: z.array(z.string().meta({ contentMediaType: 'application/octet-stream' })).optional(),
});

export const TICKETS: ApiArea = {
  tag: 'Tickets',
  description: 'Tickets, their notes, history and presence, the conversation by email, merging and closing.',
  operations: [
    {
      method: 'GET',
      path: '/api/tickets',
      access: 'authenticated',
      summary: 'List tickets',
      description:
        'Filters, search and sort as the ticket list has them. Custom fields filter as `cf.<key>`, `cf.<key>.gte`, `cf.<key>.lte`. `deleted=true` lists the Trash (admins only).',
      query: ticketListParams,
      answer: json(ticketListResponseSchema, 'One page of tickets and the total'),
    },
    {
      method: 'POST',
      path: '/api/tickets',
      access: 'authenticated',
      summary: 'Create a ticket',
      body: createTicketSchema,
      answer: created(ticketResponseSchema, 'The new ticket'),
    },
    {
      method: 'PATCH',
      path: '/api/tickets/bulk',
      access: 'authenticated',
      summary: 'Change several tickets at once',
      body: bulkUpdateTicketsSchema,
      answer: json(bulkUpdateTicketsResponseSchema, 'How many changed'),
      errors: [409],
    },
    {
      method: 'DELETE',
      path: '/api/tickets/bulk',
      access: 'authenticated',
      summary: 'Move several tickets to the Trash',
      body: bulkDeleteTicketsSchema,
      answer: json(bulkDeleteTicketsResponseSchema, 'How many moved'),
    },
    {
      method: 'GET',
      path: '/api/tickets/:id',
      access: 'authenticated',
      summary: 'One ticket',
      params: ticketParams,
      answer: json(ticketResponseSchema, 'The ticket'),
    },
    {
      method: 'PUT',
      path: '/api/tickets/:id',
      access: 'authenticated',
      summary: 'Change a ticket',
      params: ticketParams,
      body: updateTicketSchema,
      answer: json(ticketResponseSchema, 'The ticket as saved'),
      errors: [409],
    },
    {
      method: 'DELETE',
      path: '/api/tickets/:id',
      access: 'authenticated',
      summary: 'Move a ticket to the Trash, or purge it',
      description: '`purge=true` deletes it for good (admins, from the Trash).',
      params: ticketParams,
      query: z.object({ purge: z.enum(['true', 'false']).optional() }),
      answer: noContent('Deleted'),
    },
    {
      method: 'POST',
      path: '/api/tickets/:id/restore',
      access: 'admin',
      summary: 'Restore a ticket from the Trash',
      params: ticketParams,
      answer: json(ticketResponseSchema, 'The restored ticket'),
      errors: [409],
    },
    {
      method: 'POST',
      path: '/api/tickets/:id/notes',
      access: 'authenticated',
      summary: 'Add a note',
      params: ticketParams,
      body: addNoteSchema,
      answer: created(ticketResponseSchema, 'The ticket with its new note'),
    },
    {
      method: 'POST',
      path: '/api/tickets/:id/seen',
      access: 'authenticated',
      summary: 'Mark a ticket read for the caller',
      params: ticketParams,
      answer: noContent('Marked'),
    },
    {
      method: 'GET',
      path: '/api/tickets/:id/activity',
      access: 'authenticated',
      summary: 'A ticket’s history',
      params: ticketParams,
      answer: json(ticketActivityResponseSchema, 'Its events, oldest first'),
    },
    {
      method: 'GET',
      path: '/api/tickets/:id/check-updates',
      access: 'authenticated',
      summary: 'Whether a ticket changed since, and who else has it open',
      params: ticketParams,
      query: checkUpdatesQuerySchema,
      answer: json(checkUpdatesResponseSchema, 'Changes and viewers'),
    },
    {
      method: 'DELETE',
      path: '/api/tickets/:id/viewers/me',
      access: 'authenticated',
      summary: 'Stop viewing a ticket (presence)',
      params: ticketParams,
      answer: noContent('No longer listed as viewing'),
    },
    {
      method: 'POST',
      path: '/api/tickets/:id/close',
      access: 'authenticated',
      summary: 'Close a ticket and log its time to Harvest',
      params: ticketParams,
      body: closeTicketSchema,
      answer: json(closeTicketResponseSchema, 'The closed ticket, its time entry and the Harvest push'),
      errors: [409],
    },
    {
      method: 'GET',
      path: '/api/tickets/:id/messages',
      access: 'authenticated',
      summary: 'A ticket’s email conversation',
      params: ticketParams,
      answer: json(ticketMessagesResponseSchema, 'The original message first, then oldest first'),
    },
    {
      method: 'POST',
      path: '/api/tickets/:id/messages',
      access: 'authenticated',
      summary: 'Reply to the requester by email',
      description: 'JSON for text alone; multipart/form-data (`body`, files under `files`) with files.',
      params: messageParamsSchema,
      body: sendReplySchema,
      bodyContent: { 'multipart/form-data': { schema: replyForm } },
      answer: created(sendReplyResponseSchema, 'The queued reply, and the status change it made'),
      errors: [413, 503],
    },
    {
      method: 'POST',
      path: '/api/messages/:id/retry',
      access: 'authenticated',
      summary: 'Send a failed reply again',
      params: messageParamsSchema,
      answer: json(ticketMessageResponseSchema, 'The reply, queued again'),
      errors: [409],
    },
    {
      method: 'GET',
      path: '/api/attachments/:id',
      access: 'authenticated',
      summary: 'Download a message’s file',
      params: attachmentParamsSchema,
      query: fileQuery,
      answer: fileAnswer,
    },
    {
      method: 'POST',
      path: '/api/tickets/merge',
      access: 'authenticated',
      summary: 'Merge several tickets into one',
      body: bulkMergeTicketsSchema,
      answer: json(ticketResponseSchema, 'The ticket they were merged into'),
      errors: [409],
    },
    {
      method: 'POST',
      path: '/api/tickets/:id/merge',
      access: 'authenticated',
      summary: 'Merge a ticket into another',
      params: ticketParams,
      body: mergeTicketSchema,
      answer: json(ticketResponseSchema, 'The ticket it was merged into'),
      errors: [409],
    },
  ],
};

export { fileAnswer, fileQuery };
