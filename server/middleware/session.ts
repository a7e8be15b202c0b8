import connectPgSimple from 'connect-pg-simple';
import { eq, sql } from 'drizzle-orm';
import session from 'express-session';
import type pg from 'pg';
import { sessions, users } from '@shared/schema';
import type { Database } from '../db/client';
import { userProfileColumns } from '../features/users/users.repository';

export const SESSION_COOKIE_NAME = 'helpdesk.sid';

const PgStore = connectPgSimple(session);
type StoreCallback = (error?: unknown, session?: session.SessionData | null) => void;

/**
 * connect-pg-simple's store, except that reading a session also reads its user, in the same
 * statement: every authenticated request then costs one round trip to PostgreSQL instead of two
 * (the session, then requireAuth's user lookup), which matters for the poll-heavy SPA
 * (docs/performance.md). The statement is the store's own condition (sid, not expired).
 */
class SessionWithUserStore extends PgStore {
  private readonly sessionWithUser;

  constructor(options: ConstructorParameters<typeof PgStore>[0] & { db: Database }) {
    super(options);
    this.sessionWithUser = options.db
      .select({ sess: sessions.sess, user: userProfileColumns })
      .from(sessions)
      // The session's userId is only ever written by the sign-in route, as a uuid.
      .leftJoin(users, eq(users.id, sql`(${sessions.sess}->>'userId')::uuid`))
      .where(
        sql`${sessions.sid} = ${sql.placeholder('sid')} AND ${sessions.expire} >= to_timestamp(${sql.placeholder('now')})`,
      )
      .prepare('session_with_user');
  }

  override get(sid: string, callback: StoreCallback): void {
    this.sessionWithUser
      .execute({ sid, now: Math.ceil(Date.now() / 1000) })
      .then(([row]) => {
        if (!row) return callback(null, null);
        const stored = (
          typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess
        ) as session.SessionData;
        // The user rides along as `loadedUser` (server/types/express.d.ts); set() never stores it.
        callback(null, { ...stored, loadedUser: row.user ?? undefined });
      })
      .catch((error: unknown) => callback(error));
  }

  override set(sid: string, data: session.SessionData, callback?: (error?: unknown) => void): void {
    const { loadedUser: _loaded, ...stored } = data;
    super.set(sid, stored as session.SessionData, callback);
  }
}

/** Cookie sessions stored in PostgreSQL (the `sessions` table of the migrations). */
export function sessionMiddleware(options: {
  pool: pg.Pool;
  db: Database;
  secret: string;
  maxAgeMs: number;
  secureCookie: boolean;
  pruneExpired: boolean;
}) {
  return session({
    name: SESSION_COOKIE_NAME,
    secret: options.secret,
    resave: false,
    saveUninitialized: false,
    store: new SessionWithUserStore({
      pool: options.pool,
      db: options.db,
      tableName: 'sessions',
      createTableIfMissing: false,
      pruneSessionInterval: options.pruneExpired ? 15 * 60 : false,
      // No session write on every request (the poll-heavy SPA would write once per poll): a session
      // lasts SESSION_MAX_AGE_HOURS from sign-in, as its cookie does (docs/decisions.md).
      disableTouch: true,
    }),
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookie,
      maxAge: options.maxAgeMs,
    },
  });
}
