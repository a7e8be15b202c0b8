import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The sessions of a user, signed in or half signed in: a browser that gave the password and waits for
 * the code (sign-in.ts) got there on the strength of the password, so whatever ends the user's
 * sessions ends it too, or it could finish signing in with a password that no longer holds.
 */
const sessionsOf = (userId: string) =>
  sql`(sess->>'userId' = ${userId} OR sess->>'pendingTotpUserId' = ${userId})`;

/** Ends every session of a user except the one given (used after a password change). */
export async function destroyOtherSessionsOf(db: DbOrTx, userId: string, keepSid: string): Promise<void> {
  await db.execute(sql`DELETE FROM sessions WHERE ${sessionsOf(userId)} AND sid <> ${keepSid}`);
}

/**
 * Ends every session of a user at once (deactivation, password reset, an admin's reset of their
 * password or two-step sign-in): their next request gets 401.
 */
export async function destroyAllSessionsOf(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`DELETE FROM sessions WHERE ${sessionsOf(userId)}`);
}

export interface StoredSession {
  sid: string;
  sess: {
    userId?: string;
    userAgent?: string;
    ip?: string;
    signedInAt?: string;
    lastSeenAt?: string;
  };
  expire: Date;
}

/** The unexpired sessions of a user. */
export async function listSessionsOf(db: DbOrTx, userId: string): Promise<StoredSession[]> {
  const { rows } = await db.execute<{ sid: string; sess: unknown; expire: Date | string }>(
    sql`SELECT sid, sess, expire FROM sessions WHERE sess->>'userId' = ${userId} AND expire >= now()`,
  );
  return rows.map((row) => ({
    sid: row.sid,
    sess: (typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess) as StoredSession['sess'],
    expire: new Date(row.expire),
  }));
}

/** Ends one session of a user (never another user's); false when there was none. */
export async function destroySessionOf(db: DbOrTx, userId: string, sid: string): Promise<boolean> {
  const result = await db.execute(
    sql`DELETE FROM sessions WHERE sid = ${sid} AND sess->>'userId' = ${userId} RETURNING sid`,
  );
  return result.rows.length > 0;
}

/** Ends every other session of a user; how many ended. */
export async function countAndDestroyOtherSessionsOf(db: DbOrTx, userId: string, keepSid: string) {
  const result = await db.execute(
    sql`DELETE FROM sessions WHERE sess->>'userId' = ${userId} AND sid <> ${keepSid} RETURNING sid`,
  );
  return result.rows.length;
}

/** Writes a session's last activity into its row, without touching anything else of it. */
export async function recordLastSeen(db: DbOrTx, sid: string, at: string): Promise<void> {
  await db.execute(
    sql`UPDATE sessions SET sess = (sess::jsonb || jsonb_build_object('lastSeenAt', ${at}::text))::json WHERE sid = ${sid}`,
  );
}
