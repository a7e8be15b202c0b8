import { useEffect } from 'react';
import { UNAUTHORIZED_REDIRECT_DELAY_MS } from '@shared/constants';
import { toast } from '@/components/ui/use-toast';
import { ApiError, isUnauthorizedError } from '@/lib/api-client';
import { rememberReturnTo } from '@/lib/return-to';

/** Spec §8 Session expiry: the toast shown while leaving for the sign-in page. */
export const SESSION_EXPIRED_TOAST = {
  title: 'Session Expired',
  description: 'Your session has expired. Please log in again.',
} as const;

/** The server answers it with a redirect to the sign-in screen (spec §7 GET /api/login). */
export const LOGIN_REDIRECT_PATH = '/api/login';

/** Any 401, whatever its body says, means the session is gone. */
export function isSessionExpiredError(error: unknown): boolean {
  return (error instanceof ApiError && error.status === 401) || isUnauthorizedError(error);
}

// Several requests fail together when a session ends; one toast and one redirect are enough.
let leaving = false;

/**
 * Tells the user and leaves for the sign-in page with a full page load, which drops every cached query;
 * signing in again comes back here (lib/return-to).
 */
export function expireSession(): void {
  if (leaving) return;
  leaving = true;
  rememberReturnTo();
  toast(SESSION_EXPIRED_TOAST);
  window.location.assign(LOGIN_REDIRECT_PATH);
}

/** Runs the session-expired flow and answers true when `error` is a 401; false leaves it to the caller. */
export function handleSessionExpiry(error: unknown): boolean {
  if (!isSessionExpiredError(error)) return false;
  expireSession();
  return true;
}

/** Spec §8 Session expiry: the toast shown when a save is refused because the session is gone. */
export const UNAUTHORIZED_TOAST = {
  title: 'Unauthorized',
  description: 'You are logged out. Logging in again...',
} as const;

/** The page versions (ticket details, settings) word the same message as one line (spec §8). */
export const UNAUTHORIZED_PAGE_TOAST = {
  title: 'Unauthorized - You are logged out. Logging in again...',
} as const;

/** Where the refused save happened: a dialog (the default) or a full page. */
export type UnauthorizedSurface = 'dialog' | 'page';

const UNAUTHORIZED_TOASTS = {
  dialog: UNAUTHORIZED_TOAST,
  page: UNAUTHORIZED_PAGE_TOAST,
} as const satisfies Record<UnauthorizedSurface, { title: string; description?: string }>;

/**
 * The flow for a refused save (spec §8): the user acted, so the toast stays readable for a moment
 * before the page leaves for the sign-in path.
 */
export function logInAgainAfterUnauthorized(surface: UnauthorizedSurface = 'dialog'): void {
  if (leaving) return;
  leaving = true;
  rememberReturnTo();
  toast({ variant: 'destructive', ...UNAUTHORIZED_TOASTS[surface] });
  window.setTimeout(() => window.location.assign(LOGIN_REDIRECT_PATH), UNAUTHORIZED_REDIRECT_DELAY_MS);
}

/** For mutation errors: runs the Unauthorized flow and answers true when `error` is a 401. */
export function handleUnauthorizedMutation(error: unknown, surface: UnauthorizedSurface = 'dialog'): boolean {
  if (!isSessionExpiredError(error)) return false;
  logInAgainAfterUnauthorized(surface);
  return true;
}

/** For query errors, which surface during render: runs the flow once the error appears. */
export function useSessionExpiryRedirect(error: unknown): void {
  useEffect(() => {
    handleSessionExpiry(error);
  }, [error]);
}
