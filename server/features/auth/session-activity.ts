import type { NextFunction, Request, Response } from 'express';
import { SESSION_LAST_SEEN_RESOLUTION_MS } from '@shared/constants';
import type { Database } from '../../db/client';
import { recordLastSeen } from '../../core/sessions/sessions.repository';

/**
 * Keeps each signed-in session's "last active" for the Sessions card, writing it at most every
 * SESSION_LAST_SEEN_RESOLUTION_MS: sessions are otherwise not written on every request (docs/decisions/038-sessions-not-touched.md),
 * and the SPA polls every few seconds. The row is updated directly; the session in memory is left as
 * it is, so express-session does not save it again.
 */
export function trackSessionActivity(db: Database) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const session = req.session;
    if (session?.userId) {
      const last = session.lastSeenAt ? Date.parse(session.lastSeenAt) : 0;
      const now = Date.now();
      if (!(now - last < SESSION_LAST_SEEN_RESOLUTION_MS)) {
        await recordLastSeen(db, req.sessionID, new Date(now).toISOString());
      }
    }
    next();
  };
}
