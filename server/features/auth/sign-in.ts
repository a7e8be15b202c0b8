import type { Request } from 'express';
import type { DbOrTx } from '../../db/client';
import { recordSignIn } from '../users/users.repository';

/** A User-Agent is kept this long at most: enough to tell the browser and system apart. */
const MAX_USER_AGENT_LENGTH = 300;

const regenerateSession = (req: Request) =>
  new Promise<void>((resolve, reject) =>
    req.session.regenerate((error) => (error ? reject(error) : resolve())),
  );
const saveSession = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));

/**
 * Signs the request's browser in as `userId`: a new session id (defeats session fixation), saved
 * before the answer, and the Team page's last sign-in recorded.
 */
export async function signIn(req: Request, db: DbOrTx, userId: string): Promise<void> {
  await regenerateSession(req);
  req.session.userId = userId;
  // For the Sessions card: which browser, from where, since when.
  const now = new Date().toISOString();
  req.session.userAgent = (req.get('user-agent') ?? '').slice(0, MAX_USER_AGENT_LENGTH);
  req.session.ip = req.ip ?? '';
  req.session.signedInAt = now;
  req.session.lastSeenAt = now;
  await saveSession(req);
  await recordSignIn(db, userId);
}
