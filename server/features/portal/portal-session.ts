/**
 * The requester session of the portal (issue 41): its own cookie, scoped to /api/portal so no agent
 * route ever receives it, holding a random token of which only the SHA-256 is stored. Never an agent
 * session: the agent session's middleware does not read this cookie, and this one does not read theirs.
 */
import { parse as parseCookies } from 'cookie';
import type { NextFunction, Request, Response } from 'express';
import {
  PORTAL_COOKIE_NAME,
  PORTAL_COOKIE_PATH,
  PORTAL_LIMITS,
  PORTAL_MESSAGES,
} from '@shared/contracts/portal';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { loadPortalSettings } from '../../core/portal/portal-settings';
import { hashToken, isWellFormedToken, newToken } from '../../lib/single-use-token';
import * as repository from './portal-sessions.repository';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by requirePortalSession: the signed-in requester's address (lower-cased). */
    requesterEmail?: string;
  }
}

const DAY_MS = 86_400_000;

export interface PortalCookieOptions {
  /** Secure cookies behind HTTPS (as the agent session's). */
  secure: boolean;
}

/** The token the request's portal cookie holds, when it could be one. */
function cookieToken(req: Request): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  const token = parseCookies(header)[PORTAL_COOKIE_NAME];
  return token && isWellFormedToken(token) ? token : undefined;
}

/** The address of the request's requester session, or undefined (no cookie, ended, expired). */
export async function portalSessionEmail(db: DbOrTx, req: Request): Promise<string | undefined> {
  const token = cookieToken(req);
  return token ? repository.findPortalSessionEmail(db, hashToken(token)) : undefined;
}

/** 404 while the portal is off: to requesters it does not exist (their sessions included). */
export function requirePortalOpen(db: DbOrTx) {
  return async (_req: Request, _res: Response, next: NextFunction) => {
    if (!(await loadPortalSettings(db)).enabled) throw notFound(PORTAL_MESSAGES.portalOff);
    next();
  };
}

/** Lets requesters with a session through (`req.requesterEmail`); 401 for everyone else, agents too. */
export function requirePortalSession(db: DbOrTx) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const email = await portalSessionEmail(db, req);
    if (!email) throw new AppError('unauthorized', PORTAL_MESSAGES.notSignedIn);
    req.requesterEmail = email;
    next();
  };
}

/** The signed-in requester of a request that passed requirePortalSession. */
export function requesterEmail(req: Request): string {
  if (!req.requesterEmail) throw new AppError('unauthorized', PORTAL_MESSAGES.notSignedIn);
  return req.requesterEmail;
}

/** Starts a session for `email` and sets its cookie on the answer (call inside the link's transaction). */
export async function startPortalSession(
  db: DbOrTx,
  res: Response,
  email: string,
  options: PortalCookieOptions,
): Promise<void> {
  await repository.deleteExpiredPortalSessions(db);
  const { token, tokenHash } = newToken();
  await repository.insertPortalSession(db, tokenHash, email, PORTAL_LIMITS.sessionDays);
  res.cookie(PORTAL_COOKIE_NAME, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: PORTAL_COOKIE_PATH,
    maxAge: PORTAL_LIMITS.sessionDays * DAY_MS,
  });
}

/** Ends the request's session, if any, and clears its cookie. */
export async function endPortalSession(
  db: DbOrTx,
  req: Request,
  res: Response,
  options: PortalCookieOptions,
) {
  const token = cookieToken(req);
  if (token) await repository.deletePortalSession(db, hashToken(token));
  res.clearCookie(PORTAL_COOKIE_NAME, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: PORTAL_COOKIE_PATH,
  });
}
