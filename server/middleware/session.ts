import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type pg from 'pg';

export const SESSION_COOKIE_NAME = 'helpdesk.sid';

/** Cookie sessions stored in PostgreSQL (the `sessions` table of the migrations). */
export function sessionMiddleware(options: {
  pool: pg.Pool;
  secret: string;
  maxAgeMs: number;
  secureCookie: boolean;
  pruneExpired: boolean;
}) {
  const PgStore = connectPgSimple(session);
  return session({
    name: SESSION_COOKIE_NAME,
    secret: options.secret,
    resave: false,
    saveUninitialized: false,
    store: new PgStore({
      pool: options.pool,
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
