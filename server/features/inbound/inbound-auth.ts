import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../../lib/errors';

export const INBOUND_AUTH_MESSAGES = {
  disabled: 'Inbound email is disabled: set INBOUND_EMAIL_TOKEN to enable POST /api/inbound/email',
  unauthorized: 'A valid bearer token is required (Authorization: Bearer <INBOUND_EMAIL_TOKEN>)',
} as const;

const digest = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest();

/**
 * Lets through requests whose `Authorization: Bearer …` carries the configured token; 401 otherwise,
 * and 503 while no token is configured. Both sides are hashed first, so the comparison takes the same
 * time whatever the length or content of the guess.
 */
export function requireInboundToken(token: string | undefined) {
  const expected = token === undefined ? undefined : digest(token);
  return (req: Request, res: Response, next: NextFunction) => {
    if (!expected) throw new AppError('unavailable', INBOUND_AUTH_MESSAGES.disabled);
    const given = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(req.get('authorization') ?? '')?.[1];
    if (!given || !crypto.timingSafeEqual(digest(given), expected)) {
      res.set('WWW-Authenticate', 'Bearer realm="inbound-email"');
      throw new AppError('unauthorized', INBOUND_AUTH_MESSAGES.unauthorized);
    }
    next();
  };
}
