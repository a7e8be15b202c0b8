import { Router, type Request } from 'express';
import {
  messageParamsSchema,
  sendReplySchema,
  type SendReplyResponse,
  type TicketMessageResponse,
} from '@shared/contracts/messages';
import { parseInput } from '../../lib/validate';
import { currentUser, requireAuth } from '../../middleware/require-auth';
import * as repliesService from './replies.service';
import { replyFilesUpload, uploadedAttachments } from './reply-files';

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
    async (req, _res, next) => {
      const { id } = parseInput(messageParamsSchema, req.params);
      // A multipart body may carry 25 MB of files: when the reply cannot go, they are read and dropped
      // instead of kept, and the answer waits for the end of the upload (a browser that is still
      // sending when the answer comes may report a broken connection instead of it).
      if (req.is('multipart')) {
        try {
          await repliesService.assertCanReply(deps, id);
        } catch (error) {
          await discardBody(req);
          throw error;
        }
      }
      next();
    },
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

/** Reads the rest of the request body without keeping it. */
function discardBody(req: Request): Promise<void> {
  if (req.readableEnded || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    req.once('end', resolve);
    req.once('close', resolve);
    req.once('error', () => resolve());
    req.resume();
  });
}
