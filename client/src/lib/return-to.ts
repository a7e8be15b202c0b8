import { matchesAnyPath, paths, SIGNED_IN_PAGE_PATHS } from './paths';

/**
 * Where an agent was when their session ended (issue 37, item 8), so signing in again brings them
 * back to the same page and ticket instead of the Dashboard. Kept in sessionStorage: it belongs to
 * this tab only, survives the full page load of the sign-in redirect, and is gone with the tab.
 */
const STORAGE_KEY = 'helpdesk.returnTo';

/** What the sign-in screen says while a return is pending. */
export const SESSION_ENDED_NOTICE = 'Your session ended: sign in again to continue';

/**
 * `candidate` when it is a page of the signed-in app on this origin (path, query, hash), else null:
 * a stored value is never trusted to point anywhere else (`//evil.example`, `/\evil`, `javascript:`).
 */
export function safeReturnPath(candidate: string | null | undefined): string | null {
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\'))
    return null;
  let url: URL;
  try {
    url = new URL(candidate, 'http://return-to.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://return-to.invalid') return null;
  if (!matchesAnyPath(url.pathname, SIGNED_IN_PAGE_PATHS)) return null;
  // The Dashboard is where sign-in leads anyway: nothing to come back to.
  if (url.pathname === paths.dashboard) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be blocked (privacy settings); the agent then lands on the Dashboard as before.
    return null;
  }
}

/** Called as the session-ended flows leave for the sign-in screen. */
export function rememberReturnTo(
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
): void {
  const path = safeReturnPath(`${location.pathname}${location.search}${location.hash}`);
  if (path) storage()?.setItem(STORAGE_KEY, path);
}

/** The page to come back to, if a session ended in this tab; it stays until taken. */
export function pendingReturnTo(): string | null {
  return safeReturnPath(storage()?.getItem(STORAGE_KEY));
}

/** The page to come back to after signing in, forgotten once read. */
export function takeReturnTo(): string | null {
  const path = pendingReturnTo();
  storage()?.removeItem(STORAGE_KEY);
  return path;
}
