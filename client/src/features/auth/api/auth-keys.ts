/**
 * Query keys of the auth feature. Keys are the URL's path segments, so joining a key with "/" gives
 * the URL the default query function reads, and a shorter key invalidates everything below it.
 */
export const authKeys = {
  all: ['/api/auth'] as const,
  currentUser: () => [...authKeys.all, 'user'] as const,
  /** GET /api/auth/totp: whether two-step sign-in is on, and required. */
  totp: () => [...authKeys.all, 'totp'] as const,
};
