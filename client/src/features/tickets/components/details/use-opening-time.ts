import { useCallback, useEffect, useMemo, useRef } from 'react';

export interface OpeningTime {
  /** When the detail opened (or was last refreshed), as ISO; null while it is closed. */
  read: () => string | null;
  /** Moves the opening time to now: after a refresh or a confirmed "Continue Anyway". */
  reset: () => void;
}

/**
 * The time the ticket detail opened (spec §4 "Concurrent update detection"): recorded when a ticket
 * is shown, cleared when it closes. A ref, not state: the checks read it, nothing renders it.
 */
export function useOpeningTime(ticketId: string | null): OpeningTime {
  const openedAt = useRef<string | null>(null);

  useEffect(() => {
    if (ticketId === null) return;
    openedAt.current = new Date().toISOString();
    return () => {
      openedAt.current = null;
    };
  }, [ticketId]);

  const read = useCallback(() => openedAt.current, []);
  const reset = useCallback(() => {
    if (openedAt.current !== null) openedAt.current = new Date().toISOString();
  }, []);
  // One object for the detail's lifetime, so the poll's effect does not restart on every render.
  return useMemo(() => ({ read, reset }), [read, reset]);
}
