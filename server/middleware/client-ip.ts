import type { Request } from 'express';

/**
 * The address a request came from, as the throttles count it: Express's `req.ip` (which reads
 * X-Forwarded-For only behind TRUST_PROXY), or 'unknown' when the socket is already gone.
 */
export const clientIp = (req: Request): string => req.ip ?? 'unknown';
