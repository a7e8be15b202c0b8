import type { RefObject } from 'react';
import { ROW_ATTRIBUTE as ROW } from './use-ticket-list-shortcuts';

/** What can take focus in a ticket list: a table row (the shortcuts mark it), or a phone card's button. */
const CARD = 'data-ticket-card';
export const ticketFocusProps = (ticketId: string) => ({ [CARD]: ticketId });

/** How long focus waits for the list to drop the removed tickets (a refetch) and a dialog to close. */
const SETTLE_LIMIT_MS = 5_000;

const isShown = (element: HTMLElement) => element.getClientRects().length > 0;

function shownTickets(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(`[${ROW}], [${CARD}]`)].filter(isShown);
}

const ticketIdOf = (element: HTMLElement) => element.getAttribute(ROW) ?? element.getAttribute(CARD);

/**
 * Keeps focus in the list when tickets leave it (a delete, single or bulk). The Delete button that
 * had focus goes with its row, and focus fell to the page's body (issue 37). Once the list shows none
 * of the removed tickets and no dialog is open (closing, it puts focus back where it can), the row
 * that took the first one's place gets focus, else the last row, else the list itself. Focus the user
 * has moved elsewhere meanwhile is left alone.
 *
 * `ticketIds` are the rows as shown when the delete was asked for: their order gives the place.
 */
export function useFocusAfterRemoval(ticketIds: readonly string[], list: RefObject<HTMLElement | null>) {
  return (removedIds: readonly string[]) => {
    const positions = removedIds.map((id) => ticketIds.indexOf(id)).filter((index) => index >= 0);
    const index = positions.length > 0 ? Math.min(...positions) : 0;
    const giveUpAt = performance.now() + SETTLE_LIMIT_MS;
    const settle = () => {
      const container = list.current;
      if (!container || performance.now() > giveUpAt) return;
      const shown = shownTickets(container);
      const pending =
        shown.some((element) => removedIds.includes(ticketIdOf(element) ?? '')) ||
        document.querySelector('[role="alertdialog"], [role="dialog"]') !== null;
      if (pending) return void requestAnimationFrame(settle);
      const focused = document.activeElement;
      if (focused && focused !== document.body && focused.isConnected) return;
      (shown[Math.min(index, shown.length - 1)] ?? container).focus();
    };
    requestAnimationFrame(settle);
  };
}
