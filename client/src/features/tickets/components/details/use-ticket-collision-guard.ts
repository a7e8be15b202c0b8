import { useCallback, useRef, useState } from 'react';
import type { TicketViewer } from '@shared/contracts/tickets';
import { checkTicketUpdates } from '../../api/check-ticket-updates';
import { updaterName } from './ticket-updater';
import { useOpeningTime } from './use-opening-time';
import { useRefreshTicket } from './use-refresh-ticket';
import { useTicketUpdatePolling } from './use-ticket-update-polling';

/** A save to run once the ticket is known not to have changed under the user (or they said go on). */
export type SaveAction = () => void | Promise<void>;
export type GuardedSave = (action: SaveAction) => Promise<void>;

export interface TicketCollisionGuard {
  /**
   * Checks for someone else's change first; runs `action` at once when there is none (or the check
   * failed), else holds it until the user answers the "Ticket Recently Modified" question.
   */
  guardedSave: GuardedSave;
  /** True while the check before a save is under way: the save buttons wait for it. */
  checking: boolean;
  /** Who changed the ticket while the question is open; null when no question is open. */
  conflictUpdater: string | null;
  /** "Cancel & Refresh": drops the held save and shows the ticket as it is now. */
  cancelAndRefresh: () => void;
  /** "Continue Anyway": runs the held save. */
  continueAnyway: () => void;
  /** Everyone else who has the ticket open now (presence), from the 7 s check. */
  viewers: TicketViewer[];
  /**
   * How many times the user answered Cancel & Refresh: each answer says "show me theirs", so the
   * cards' unsaved edits give way to the ticket as it is now (a refresh alone never drops them).
   */
  draftResets: number;
  /** Who made the last change someone else made, as the poll or the check before a save named them. */
  lastUpdater: string | null;
}

interface HeldSave {
  updater: string;
  action: SaveAction;
}

/**
 * The name of whoever changed the ticket since `since`, or null when the save may go ahead: nothing
 * changed, or the check itself failed (spec §8: a failed check lets the save go ahead, and the save
 * then reports its own failure, a 401 included).
 */
async function findOtherUpdate(ticketId: string, since: string | null): Promise<string | null> {
  if (since === null) return null;
  try {
    const result = await checkTicketUpdates(ticketId, since);
    return result.wasUpdated ? updaterName(result.updatedBy) : null;
  } catch (error) {
    console.warn('Checking the ticket for updates before saving failed', error);
    return null;
  }
}

/**
 * Concurrent update detection for an open ticket detail (spec §4, §7, §8): polls for changes by
 * others and guards every save. Pass null while the detail is closed. Cards on the right column,
 * the Close Ticket card included, save through `guardedSave`.
 */
export function useTicketCollisionGuard(ticketId: string | null): TicketCollisionGuard {
  const openingTime = useOpeningTime(ticketId);
  const refresh = useRefreshTicket(ticketId);
  const [lastUpdater, setLastUpdater] = useState<string | null>(null);
  // Named before the refetch, so the new version arrives with its author known.
  const refreshAfterUpdate = useCallback(
    (updater: string) => {
      setLastUpdater(updater);
      return refresh();
    },
    [refresh],
  );
  const viewers = useTicketUpdatePolling(ticketId, openingTime, refreshAfterUpdate);

  const [checking, setChecking] = useState(false);
  const [held, setHeld] = useState<HeldSave | null>(null);
  const [draftResets, setDraftResets] = useState(0);
  // The answer buttons and the dialog's own close can both fire for one click: the ref lets only
  // the first answer count.
  const heldRef = useRef<HeldSave | null>(null);

  const hold = useCallback((next: HeldSave | null) => {
    heldRef.current = next;
    setHeld(next);
  }, []);

  const guardedSave = useCallback<GuardedSave>(
    async (action) => {
      if (ticketId === null || heldRef.current !== null) return;
      setChecking(true);
      const updater = await findOtherUpdate(ticketId, openingTime.read()).finally(() => setChecking(false));
      if (updater === null) return action();
      setLastUpdater(updater);
      hold({ updater, action });
    },
    [ticketId, openingTime, hold],
  );

  const takeHeld = useCallback(() => {
    const current = heldRef.current;
    hold(null);
    return current;
  }, [hold]);

  const cancelAndRefresh = useCallback(() => {
    if (takeHeld() === null) return;
    openingTime.reset();
    setDraftResets((count) => count + 1);
    void refresh();
  }, [takeHeld, openingTime, refresh]);

  const continueAnyway = useCallback(() => {
    const current = takeHeld();
    if (current === null) return;
    openingTime.reset();
    void current.action();
  }, [takeHeld, openingTime]);

  return {
    guardedSave,
    checking,
    conflictUpdater: held?.updater ?? null,
    cancelAndRefresh,
    continueAnyway,
    viewers,
    draftResets,
    lastUpdater,
  };
}
