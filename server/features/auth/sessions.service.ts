/**
 * The Sessions card (issue 22): a user's signed-in sessions, and ending one or all the others. A
 * session is named by a public id, an HMAC of its session id under a key derived from the session
 * secret: it cannot be turned back into the session id (which is the cookie's credential), and
 * ending a session by it means computing the HMAC of each of the user's own sessions.
 */
import crypto from 'node:crypto';
import { SESSION_MESSAGES, type SessionSummary } from '@shared/contracts/auth';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import * as repository from '../../core/sessions/sessions.repository';

export interface SessionIds {
  /** The public id of a session id. */
  publicId(sid: string): string;
}

export function createSessionIds(sessionSecret: string): SessionIds {
  // A key of its own, so the public ids have nothing to do with the cookie's signature.
  const key = crypto.createHmac('sha256', sessionSecret).update('session public ids').digest();
  return { publicId: (sid) => crypto.createHmac('sha256', key).update(sid).digest('hex').slice(0, 32) };
}

/** Older sessions carry no sign-in time: their cookie's age is the best guess. */
function signedInAt(session: repository.StoredSession, maxAgeMs: number): string {
  return session.sess.signedInAt ?? new Date(session.expire.getTime() - maxAgeMs).toISOString();
}

export async function listSessions(
  db: Database,
  ids: SessionIds,
  userId: string,
  currentSid: string,
  maxAgeMs: number,
): Promise<SessionSummary[]> {
  const sessions = await repository.listSessionsOf(db, userId);
  return sessions
    .map((session) => {
      const createdAt = signedInAt(session, maxAgeMs);
      return {
        id: ids.publicId(session.sid),
        current: session.sid === currentSid,
        userAgent: session.sess.userAgent || null,
        ip: session.sess.ip || null,
        createdAt,
        lastSeenAt: session.sess.lastSeenAt ?? createdAt,
      };
    })
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/** Ends the user's session with this public id; 404 when the user has none such. */
export async function revokeSession(db: Database, ids: SessionIds, userId: string, publicId: string) {
  const sessions = await repository.listSessionsOf(db, userId);
  const session = sessions.find((candidate) => ids.publicId(candidate.sid) === publicId);
  if (!session || !(await repository.destroySessionOf(db, userId, session.sid))) {
    throw notFound(SESSION_MESSAGES.notFound);
  }
}
