import { Router } from 'express';
import { z } from 'zod';
import { attachmentParamsSchema, type TicketMessagesResponse } from '@shared/contracts/messages';
import { idSchema } from '@shared/contracts/tickets';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validate';
import { requireAuth } from '../../middleware/require-auth';
import { downloadHeaders } from '../../core/conversation/attachment-download';
import * as conversationService from './conversation.service';

const ticketParamsSchema = z.object({ id: idSchema });

/** `?inline=1` asks for a preview (honoured for common raster images only). */
const downloadQuerySchema = z.object({
  inline: z.enum(['0', '1'], 'inline must be 0 or 1').optional(),
});

/**
 * The conversation's reading side for signed-in users: GET /api/tickets/:id/messages and the files'
 * downloads, GET /api/attachments/:id. (Sending replies is server/features/replies.)
 */
export function conversationRoutes(deps: { db: Database; config: AppConfig }) {
  const { db } = deps;
  const auth = requireAuth(db);
  const router = Router();

  router.get('/tickets/:id/messages', auth, async (req, res) => {
    const { id } = parseInput(ticketParamsSchema, req.params);
    res.json((await conversationService.listTicketMessages(db, id)) satisfies TicketMessagesResponse);
  });

  router.get('/attachments/:id', auth, async (req, res) => {
    const { id } = parseInput(attachmentParamsSchema, req.params);
    const { inline } = parseInput(downloadQuerySchema, req.query);
    const file = await conversationService.getAttachmentContent(db, id);
    res.set(downloadHeaders(file, inline === '1')).send(file.content);
  });

  return router;
}
