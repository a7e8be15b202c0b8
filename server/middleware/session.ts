import connectPgSimple from 'connect-pg-simple';
import { eq, sql } from 'drizzle-orm';
import session from 'express-session';
import type pg from 'pg';
import { sessions, users } from '@shared/schema';
import type { Database } from '../db/client';
import type { SessionUserRow } from '../core/users/user.mapper';
import { totpSetupDueColumn, userProfileColumns } from '../core/users/users.repository';
import type { KeptSession, SessionCache } from './session-cache';

export const SESSION_COOKIE_NAME = 'helpdesk.sid';

const PgStore = connectPgSimple(session);
type StoreCallback = (error?: unknown, session?: session.SessionData | null) => void;

/**
 * connect-pg-simple's store, except that reading a session also reads its user, in the same
 * statement: every authenticated request then costs one round trip to PostgreSQL instead of two
 * (the session, then requireAuth's user lookup), which matters for the poll-heavy SPA
 * (docs/performance.md). The user comes with whether admins hold them to the two-step setup
 * (requireAuth). The statement is the store's own condition (sid, not expired). With a
 * `cache` (PostgreSQL mode), a session read once is answered from memory until it or its user changes
 * (server/middleware/session-cache.ts).
 */
class SessionWithUserStore extends PgStore {
  private readonly sessionWithUser;
  private readonly cache: SessionCache<SessionUserRow> | undefined;

  constructor(
    options: ConstructorParameters<typeof PgStore>[0] & {
      db: Database;
      cache?: SessionCache<SessionUserRow>;
    },
  ) {
    super(options);
    this.cache = options.cache;
    this.sessionWithUser = options.db
      .select({
        sess: sessions.sess,
        // As the condition below compares it: the column read in the connection's time zone.
        expiresAt: sql<number>`(extract(epoch FROM ${sessions.expire}::timestamptz) * 1000)::float8`,
        user: userProfileColumns,
        totpSetupDue: totpSetupDueColumn,
      })
      .from(sessions)
      // The session's userId is only ever written by the sign-in route, as a uuid.
      .leftJoin(users, eq(users.id, sql`(${sessions.sess}->>'userId')::uuid`))
      .where(
        sql`${sessions.sid} = ${sql.placeholder('sid')} AND ${sessions.expire} >= to_timestamp(${sql.placeholder('now')})`,
      )
      .prepare('session_with_user');
  }

  override get(sid: string, callback: StoreCallback): void {
    const kept = this.cache?.get(sid);
    if (kept) return callback(null, sessionData(kept));
    const generation = this.cache?.readStarted() ?? 0;
    this.sessionWithUser
      .execute({ sid, now: Math.ceil(Date.now() / 1000) })
      .then(([row]) => {
        if (!row) return callback(null, null);
        const found: KeptSession<SessionUserRow> = {
          sessJson: typeof row.sess === 'string' ? row.sess : JSON.stringify(row.sess),
          user: row.user ? { ...row.user, totpSetupDue: row.totpSetupDue } : undefined,
          expiresAt: row.expiresAt,
        };
        const data = sessionData(found);
        this.cache?.keep(sid, generation, found, data.userId);
        callback(null, data);
      })
      .catch((error: unknown) => callback(error));
  }

  override set(sid: string, data: session.SessionData, callback?: (error?: unknown) => void): void {
    this.cache?.forget(sid);
    const { loadedUser: _loaded, ...stored } = data;
    super.set(sid, stored as session.SessionData, callback);
  }

  override destroy(sid: string, callback?: (error?: unknown) => void): void {
    this.cache?.forget(sid);
    super.destroy(sid, callback);
  }
}

/**
 * The session as express-session takes it: a fresh object every time, since express-session changes
 * it in place. The user rides along as `loadedUser` (server/types/express.d.ts); set() never stores it.
 */
function sessionData(kept: KeptSession<SessionUserRow>): session.SessionData {
  const stored = JSON.parse(kept.sessJson) as session.SessionData;
  return { ...stored, loadedUser: kept.user && { ...kept.user } };
}

/** Cookie sessions stored in PostgreSQL (the `sessions` table of the migrations). */
export function sessionMiddleware(options: {
  pool: pg.Pool;
  db: Database;
  secret: string;
  maxAgeMs: number;
  secureCookie: boolean;
  pruneExpired: boolean;
  /** Keeps signed-in sessions in memory between changes (PostgreSQL mode; see session-cache.ts). */
  cache?: SessionCache<SessionUserRow>;
}) {
  return session({
    name: SESSION_COOKIE_NAME,
    secret: options.secret,
    resave: false,
    saveUninitialized: false,
    store: new SessionWithUserStore({
      pool: options.pool,
      db: options.db,
      cache: options.cache,
      tableName: 'sessions',
      createTableIfMissing: false,
      pruneSessionInterval: options.pruneExpired ? 15 * 60 : false,
      // No session write on every request (the poll-heavy SPA would write once per poll): a session
      // lasts SESSION_MAX_AGE_HOURS from sign-in, as its cookie does (docs/decisions/038-sessions-not-touched.md).
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
