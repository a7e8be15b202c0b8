import type { PublicUser } from '@shared/contracts/auth';

declare module 'express-session' {
  interface SessionData {
    userId: string;
    /** The signed-in user, read with the session (server/middleware/session.ts); never stored. */
    loadedUser?: import('../core/users/user.mapper').SessionUserRow;
    /** What the Sessions card shows (issue 22), written at sign-in; absent on older sessions. */
    userAgent?: string;
    ip?: string;
    signedInAt?: string;
    /** Refreshed at most every few minutes (server/features/auth/session-activity.ts). */
    lastSeenAt?: string;
    /** Between a right password and the second step of two-step sign-in: who, and since when (ms). */
    pendingTotpUserId?: string;
    pendingTotpAt?: number;
  }
}

declare global {
  namespace Express {
    interface Request {
      /** Set by requireAuth: the signed-in user, read with the session (or kept with it, docs/decisions/100-session-cache.md). */
      user?: PublicUser;
      /**
       * Set by the API token middleware (issue 43) for a request with `Authorization: Bearer`: the
       * token and its owner. Such a request has no session: its cookies are not read.
       */
      apiToken?: import('../middleware/api-token-auth').RequestApiToken;
    }
  }
}

export {};
