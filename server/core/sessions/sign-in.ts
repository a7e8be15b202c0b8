import type { Request } from 'express';
import type { DbOrTx } from '../../db/client';
import type { SecurityEventKind } from '@shared/security-events';
import { recordSecurityEvent } from '../security-events/security-events.repository';
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

/**
 * Signs in (`signIn`) and records it among the account's security events, the user acting on their
 * own account: a sign-in, or the first one of an accepted invitation.
 */
export async function signInRecorded(
  req: Request,
  db: DbOrTx,
  userId: string,
  event: { kind: Extract<SecurityEventKind, 'sign_in' | 'invitation_accepted'>; ip: string },
): Promise<void> {
  await signIn(req, db, userId);
  await recordSecurityEvent(db, { kind: event.kind, actorId: userId, targetId: userId, ip: event.ip });
}

/** How long the second step of a sign-in may take after the password. */
export const PENDING_TOTP_MS = 5 * 60_000;

/**
 * The password was right and the account has two-step sign-in: a new session that is not signed in,
 * only remembering whose code it waits for.
 */
export async function awaitSecondStep(req: Request, userId: string): Promise<void> {
  await regenerateSession(req);
  req.session.pendingTotpUserId = userId;
  req.session.pendingTotpAt = Date.now();
  await saveSession(req);
}

/** Whose second step this session waits for, if it still may. */
export function pendingSecondStep(req: Request): string | undefined {
  const { pendingTotpUserId, pendingTotpAt } = req.session ?? {};
  if (!pendingTotpUserId || !pendingTotpAt || Date.now() - pendingTotpAt > PENDING_TOTP_MS) return undefined;
  return pendingTotpUserId;
}
