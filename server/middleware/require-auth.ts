import type { NextFunction, Request, Response } from 'express';
import { AUTH_MESSAGES } from '@shared/contracts/auth';
import type { Database } from '../db/client';
import { AppError, forbidden } from '../lib/errors';
import { toPublicUser } from '../features/users/user.mapper';
import { findUserById } from '../features/users/users.repository';

/** Lets signed-in users through, with `req.user` loaded; everyone else gets 401 "Unauthorized". */
export function requireAuth(db: Database) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const userId = req.session?.userId;
    // The session store read the user with the session; a session made during this request has none.
    const loaded = req.session?.loadedUser;
    const row = !userId ? undefined : loaded?.id === userId ? loaded : await findUserById(db, userId);
    // A deactivated user's sessions are deleted with the change; this catches one made meanwhile.
    if (!row?.active) throw new AppError('unauthorized', AUTH_MESSAGES.unauthorized);
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
