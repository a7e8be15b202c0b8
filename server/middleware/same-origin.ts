import type { NextFunction, Request, Response } from 'express';
import { AUTH_MESSAGES } from '@shared/contracts/auth';
import { forbidden } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection for cookie-authenticated writes (OWASP "verify origin with standard headers"):
 * a state-changing request that a browser marks as cross-site, or whose Origin is not the app's own
 * (or one of `allowedOrigins`), is refused. Requests without either header are not from a browser
 * page and carry no ambient cookie risk from one.
 */
export function sameOriginWrites(allowedOrigins: string[]) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const fetchSite = req.get('sec-fetch-site');
    const origin = req.get('origin');
    // Browsers send `Origin: null` under strict referrer policies; their Sec-Fetch-Site still tells.
    if (origin === 'null' && fetchSite === 'same-origin') return next();
    if (origin !== undefined) {
      const own = `${req.protocol}://${req.get('host')}`;
      if (origin !== own && !allowedOrigins.includes(origin)) throw forbidden(AUTH_MESSAGES.crossOrigin);
      return next();
    }
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') throw forbidden(AUTH_MESSAGES.crossOrigin);
    next();
  };
}
