import { useSyncExternalStore } from 'react';

/**
 * Whether the server can be reached, as the app's own requests find out (issue 26): a request that
 * fails without any answer (the network is down, the server is gone) marks the connection lost; the
 * next request answered, whatever its status, marks it back. The SPA polls every 10 s, so the banner
 * (components/layout/connection-banner.tsx) appears within a poll of the network going away and
 * clears itself when polls get through again. No timers or pings of its own: the polls are the probe.
 * The browser's `offline` event marks it lost too (the query client pauses polls while offline).
 */
export type ConnectionState = 'online' | 'lost' | 'restored';

/** How long "Back online" stays before the banner goes. */
export const RESTORED_NOTICE_MS = 4_000;

let state: ConnectionState = 'online';
let restoredTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: ConnectionState): void {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

export function reportUnreachable(): void {
  clearTimeout(restoredTimer);
  set('lost');
}

export function reportReachable(): void {
  // An answer to a request sent before the network went is no sign it is back.
  if (state !== 'lost' || !window.navigator.onLine) return;
  set('restored');
  restoredTimer = setTimeout(() => set('online'), RESTORED_NOTICE_MS);
}

// The browser knows first when the network itself goes: the query client then pauses its polls
// instead of failing them (its network mode), so no request would ever report the loss.
if (typeof window !== 'undefined') {
  window.addEventListener('offline', reportUnreachable);
  if (!window.navigator.onLine) state = 'lost';
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribe, () => state);
}

/** A fetch that got no answer at all: not an HTTP error and not one the app aborted itself. */
export const isNetworkFailure = (error: unknown) =>
  error instanceof TypeError && !(error instanceof DOMException && error.name === 'AbortError');
