import type { NextFunction, Request, Response } from 'express';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { FixedWindowCounter, type WindowRule } from '../../db/fixed-window-counter';

export const INBOUND_CEILING_MESSAGES = {
  tooMany: 'Too many emails arriving at once; try again later',
} as const;

/** The `rate_limit_windows` scope of the ceiling; one key counts every message. */
export const INBOUND_CEILING_SCOPE = 'inbound-messages';
const EVERY_MESSAGE = 'all';

/**
 * A ceiling on the whole inbound path: at most `perMinute` requests a minute, whoever the senders
 * are, shared by every app process. The per-sender limit alone is bypassed by rotating the From
 * address. Counted before the body is read or parsed, so a flood costs one small statement per
 * request; beyond it 429 with Retry-After, which a mail server takes as "try again later".
 */
export function inboundCeiling(db: DbOrTx, perMinute: number) {
  const counter = new FixedWindowCounter(db);
  const rule: WindowRule = { scope: INBOUND_CEILING_SCOPE, limit: perMinute, windowMs: 60_000 };
  return async (_req: Request, _res: Response, next: NextFunction) => {
    const result = await counter.take([{ rule, key: EVERY_MESSAGE }]);
    if (!result.allowed) {
      throw new AppError('too_many_requests', INBOUND_CEILING_MESSAGES.tooMany, {
        retryAfterSeconds: result.retryAfterSeconds,
      });
    }
    next();
  };
}
