import type { PublicUser } from '@shared/contracts/auth';

declare module 'express-session' {
  interface SessionData {
    userId: string;
    /** The signed-in user, read with the session (server/middleware/session.ts); never stored. */
    loadedUser?: import('../features/users/user.mapper').UserProfileRow;
  }
}

declare global {
  namespace Express {
    interface Request {
      /** Set by requireAuth: the signed-in user, loaded fresh for this request. */
      user?: PublicUser;
    }
  }
}

export {};
