import type { NextFunction, Request, Response } from 'express';
import { AUTH_MESSAGES, TOTP_MESSAGES } from '@shared/contracts/auth';
import type { Database } from '../db/client';
import { AppError, forbidden } from '../lib/errors';
import { toPublicUser } from '../core/users/user.mapper';
import { findSessionUser } from '../core/users/users.repository';
import { callerId, loadedCaller } from './caller';

export interface RequireAuthOptions {
  /**
   * The route is part of setting two-step sign-in up, so a user whom admins hold to the setup may
   * use it (the current user, the TOTP status, setup and enable). Every other route refuses them.
   */
  duringTotpSetup?: boolean;
}

/**
 * Lets signed-in users through, with `req.user` loaded; everyone else gets 401 "Unauthorized". While
 * admins require two-step sign-in and the user has not set it up, only the routes marked
 * `duringTotpSetup` let them through; the others answer 403 with the message the web app turns into
 * its setup screen. Enforced here, on every route and process, and for sessions older than the setting.
 */
export function requireAuth(db: Database, options: RequireAuthOptions = {}) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const userId = callerId(req);
    // The session store (or the token's lookup) read the user with it; a session made during this
    // request has none.
    const row = !userId ? undefined : (loadedCaller(req) ?? (await findSessionUser(db, userId)));
    // A deactivated user's sessions are deleted with the change; this catches one made meanwhile.
    if (!row?.active) throw new AppError('unauthorized', AUTH_MESSAGES.unauthorized);
    if (row.totpSetupDue && !options.duringTotpSetup) throw forbidden(TOTP_MESSAGES.setupRequired);
    req.user = toPublicUser(row);
    next();
  };
}

export function requireAdmin(req: Request, _res: Response, next: NextFunction) {
  if (req.user?.role !== 'admin') throw forbidden('Only administrators may do this');
  next();
}

/** The signed-in user of a request that passed requireAuth. */
export function currentUser(req: Request) {
  if (!req.user) throw new AppError('unauthorized', AUTH_MESSAGES.unauthorized);
  return req.user;
}
