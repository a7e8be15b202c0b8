import type { PublicUser } from '@shared/contracts/auth';

declare module 'express-session' {
  interface SessionData {
    userId: string;
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
