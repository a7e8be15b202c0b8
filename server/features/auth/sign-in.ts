import type { Request } from 'express';
import type { DbOrTx } from '../../db/client';
import { recordSignIn } from '../users/users.repository';

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
  await saveSession(req);
  await recordSignIn(db, userId);
}
