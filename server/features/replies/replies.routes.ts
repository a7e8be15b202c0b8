import { Router } from 'express';
import {
  messageParamsSchema,
  sendReplySchema,
  type SendReplyResponse,
  type TicketMessageResponse,
} from '@shared/contracts/messages';
import { parseInput } from '../../lib/validate';
import { currentUser, requireAuth } from '../../middleware/require-auth';
import * as repliesService from './replies.service';
import { replyFilesUpload } from './reply-files';
import { checkBeforeUpload, uploadedAttachments } from '../../middleware/multipart-files';

/**
 * POST /api/tickets/:id/messages: an agent's reply, JSON {body} or multipart/form-data (`body`, files
 * under `files`) → 201 {message}, queued for sending. POST /api/messages/:id/retry: a failed reply
 * queued again → 200 {message}. Every signed-in user may do both.
 */
export function repliesRoutes(deps: repliesService.RepliesDeps) {
  const auth = requireAuth(deps.db);
  const upload = replyFilesUpload(deps.config.attachments);
  const router = Router();

  router.post(
    '/tickets/:id/messages',
    auth,
    // A reply that cannot go is refused before its files are read (checkBeforeUpload drops them).
    checkBeforeUpload(async (req) => {
      if (!req.is('multipart')) return;
      await repliesService.assertCanReply(deps, parseInput(messageParamsSchema, req.params).id);
    }),
    upload,
    async (req, res) => {
      const { id } = parseInput(messageParamsSchema, req.params);
      const { body } = parseInput(sendReplySchema, req.body ?? {});
      const sent = await repliesService.sendReply(deps, id, currentUser(req), {
        body,
        files: uploadedAttachments(req),
      });
      res.status(201).json(sent satisfies SendReplyResponse);
    },
  );

  router.post('/messages/:id/retry', auth, async (req, res) => {
    const { id } = parseInput(messageParamsSchema, req.params);
    const message = await repliesService.retryReply(deps, id);
    res.json({ message } satisfies TicketMessageResponse);
  });

  return router;
}
