import { Router, type Request } from 'express';
import { z } from 'zod';
import { labelled, withoutNul } from '@shared/contracts/common';
import {
  PORTAL_LIMITS,
  PORTAL_MESSAGES,
  portalMessageTextSchema,
  portalSubjectSchema,
  portalTicketsQuerySchema,
  type PortalFieldsResponse,
  type PortalMessageResponse,
  type PortalNewTicketResponse,
  type PortalTicketDetailResponse,
  type PortalTicketsResponse,
} from '@shared/contracts/portal';
import { customFieldsInputSchema } from '@shared/contracts/ticket-fields';
import { notFound } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { downloadHeaders } from '../../core/conversation/attachment-download';
import {
  checkBeforeUpload,
  multipartFilesUpload,
  uploadedAttachments,
} from '../../middleware/multipart-files';
import { requesterEmail, requirePortalOpen, requirePortalSession } from './portal-session';
import * as service from './portal-tickets.service';

const NUL_REFUSED = 'Must not contain NUL characters';

const messageSchema = z.object({
  text: labelled(portalMessageTextSchema.refine(withoutNul, NUL_REFUSED), 'Message'),
});

/** Multipart forms carry `customFields` as JSON text; a JSON body may carry the object itself. */
const jsonText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

const newTicketSchema = z.object({
  subject: labelled(portalSubjectSchema.refine(withoutNul, NUL_REFUSED), 'Subject'),
  text: labelled(portalMessageTextSchema.refine(withoutNul, NUL_REFUSED), 'Message'),
  customFields: z.preprocess(jsonText, customFieldsInputSchema.optional()),
});

/**
 * The largest form field: room for the text (three UTF-8 bytes per UTF-16 unit at most) and for the
 * customFields JSON of a few long textarea values; the contracts check the lengths themselves.
 */
const MAX_FIELD_BYTES = 100_000;

const downloadQuerySchema = z.object({
  inline: z.enum(['0', '1'], 'inline must be 0 or 1').optional(),
});

/**
 * A ticket's or file's id from the path. Anything but a uuid is 404 like an id of someone else's, so
 * the answers tell a requester nothing about which ids exist.
 */
function idParam(req: Request, notFoundMessage: string): string {
  const id = z.guid().safeParse(req.params.id);
  if (!id.success) throw notFound(notFoundMessage);
  return id.data.toLowerCase();
}
const ticketId = (req: Request) => idParam(req, PORTAL_MESSAGES.ticketNotFound);

/**
 * The requester's side of tickets (issue 41), under /api/portal with the portal's own session: their
 * tickets, one with its conversation, a message into it, a new ticket, the fields they fill and their
 * files. Every route answers 404 while the portal is off and 401 without a requester session (agents'
 * sessions included); a ticket or file not theirs is 404.
 */
export function portalTicketsRoutes(deps: service.PortalTicketsDeps) {
  const { db, config } = deps;
  const open = requirePortalOpen(db);
  const requester = requirePortalSession(db);
  const upload = multipartFilesUpload(config.attachments, {
    name: 'text',
    label: 'Message',
    tooLong: `Message must be at most ${PORTAL_LIMITS.text} characters`,
    maxBytes: MAX_FIELD_BYTES,
  });
  const router = Router();

  router.get('/portal/tickets', open, requester, async (req, res) => {
    const query = parseInput(portalTicketsQuerySchema, req.query);
    const answer = await service.listTickets(db, requesterEmail(req), query);
    res.json(answer satisfies PortalTicketsResponse);
  });

  router.get('/portal/tickets/:id', open, requester, async (req, res) => {
    const answer = await service.getTicketDetail(db, requesterEmail(req), ticketId(req));
    res.json(answer satisfies PortalTicketDetailResponse);
  });

  router.post(
    '/portal/tickets/:id/messages',
    open,
    requester,
    // Someone else's ticket is refused before its files are read.
    checkBeforeUpload((req) => service.assertOwnTicket(db, requesterEmail(req), ticketId(req))),
    upload,
    async (req, res) => {
      const { text } = parseInput(messageSchema, req.body ?? {});
      const answer = await service.addMessage(deps, requesterEmail(req), ticketId(req), {
        text,
        files: uploadedAttachments(req),
      });
      res.status(201).json(answer satisfies PortalMessageResponse);
    },
  );

  router.post(
    '/portal/tickets',
    open,
    requester,
    checkBeforeUpload((req) => service.assertMayOpenTickets(db, requesterEmail(req))),
    upload,
    async (req, res) => {
      const input = parseInput(newTicketSchema, req.body ?? {});
      const answer = await service.openTicket(deps, requesterEmail(req), {
        ...input,
        files: uploadedAttachments(req),
      });
      res.status(201).json(answer satisfies PortalNewTicketResponse);
    },
  );

  router.get('/portal/fields', open, requester, async (_req, res) => {
    res.json((await service.listFields(db)) satisfies PortalFieldsResponse);
  });

  // Served exactly as agents get files (GET /api/attachments/:id): a download, ?inline=1 a preview.
  router.get('/portal/attachments/:id', open, requester, async (req, res) => {
    const id = idParam(req, PORTAL_MESSAGES.attachmentNotFound);
    const { inline } = parseInput(downloadQuerySchema, req.query);
    const file = await service.getFile(db, requesterEmail(req), id);
    res.set(downloadHeaders(file, inline === '1')).send(file.content);
  });

  return router;
}
