import express, { Router, type Request } from 'express';
import { inboundEmailSchema, type InboundEmailResponse } from '@shared/contracts/inbound';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { requireInboundToken } from './inbound-auth';
import { inboundCeiling } from './inbound-ceiling';
import type { InboundMessage } from './inbound-message';
import { inboundSettingsFrom, ingestEmail } from './inbound.service';
import { fromJsonPayload } from './json-email';
import { parseMimeEmail } from './mime-email';

export const RAW_MESSAGE_TYPE = 'message/rfc822';
const CONTENT_TYPE_MESSAGE = `Send application/json (the inbound email payload) or ${RAW_MESSAGE_TYPE} (a raw message)`;

/** The request's media type, lower-cased, without parameters ('' when none is given). */
const mediaType = (req: Request) => (req.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

/** The request body as an inbound message: a raw RFC 5322 message, or the JSON payload. */
function readMessage(req: Request): Promise<InboundMessage> | InboundMessage {
  const type = mediaType(req);
  if (type === RAW_MESSAGE_TYPE)
    return parseMimeEmail(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
  if (type === 'application/json' || type === '')
    return fromJsonPayload(parseInput(inboundEmailSchema, req.body));
  throw badRequest(`Content-Type: ${CONTENT_TYPE_MESSAGE}`, { 'content-type': [CONTENT_TYPE_MESSAGE] });
}

function statusOf(answer: InboundEmailResponse): number {
  if ('accepted' in answer) return 202;
  return answer.created ? 201 : 200;
}

/**
 * POST /api/inbound/email for the mail pipeline. It authenticates with a bearer token, not a session,
 * so it is mounted before the session, the same-origin check and the 1 MB JSON parser, with parsers
 * of its own up to INBOUND_MAX_BYTES (413 beyond). A ceiling on all senders together comes before
 * the body is read (429 beyond INBOUND_MAX_MESSAGES_PER_MINUTE).
 */
export function inboundRoutes(deps: { db: Database; config: AppConfig }) {
  const { db, config } = deps;
  const limit = config.inbound.maxBytes;
  const settings = inboundSettingsFrom(config);
  const router = Router();

  router.post(
    '/inbound/email',
    requireInboundToken(config.inbound.token),
    inboundCeiling(db, config.inbound.maxMessagesPerMinute),
    express.json({ limit }),
    express.raw({ type: RAW_MESSAGE_TYPE, limit }),
    async (req, res) => {
      const answer = await ingestEmail(db, settings, await readMessage(req));
      res.status(statusOf(answer)).json(answer);
    },
  );

  return router;
}
