import { useState } from 'react';
import { useShortcut } from '@/lib/keyboard-shortcuts';

/** Marks a ticket row with its ticket id: the shortcuts find the row that holds focus by it. */
export const ROW_ATTRIBUTE = 'data-ticket-row';

function rowElement(ticketId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[${ROW_ATTRIBUTE}="${CSS.escape(ticketId)}"]`);
}

interface TicketListShortcutsOptions {
  /** The rows on screen, in order. */
  ticketIds: readonly string[];
  onOpen: (ticketId: string) => void;
  onToggleSelected: (ticketId: string) => void;
}

/**
 * j and k move keyboard focus through the rows (a roving tabindex: the row last moved to, else the
 * first, is the table's one tab stop, so Tab also reaches the list); Enter or o opens the row that
 * holds focus and x ticks it for the bulk actions. Focus itself is the mark: the row shows a focus
 * ring and a screen reader reads it out, with nothing kept that the screen does not show.
 */
export function useTicketListShortcuts({ ticketIds, onOpen, onToggleSelected }: TicketListShortcutsOptions) {
  const [cursorId, setCursorId] = useState<string | null>(null);
  const cursor = cursorId !== null && ticketIds.includes(cursorId) ? cursorId : null;

  /** The row that is focused or holds the focused checkbox or button. */
  const focusedRowId = (): string | null => {
    const row = document.activeElement?.closest(`[${ROW_ATTRIBUTE}]`);
    const id = row?.getAttribute(ROW_ATTRIBUTE);
    return id && ticketIds.includes(id) ? id : null;
  };

  const move = (step: 1 | -1): boolean => {
    if (ticketIds.length === 0) return false;
    const from = focusedRowId() ?? cursor;
    const index =
      from === null ? 0 : Math.min(Math.max(ticketIds.indexOf(from) + step, 0), ticketIds.length - 1);
    const id = ticketIds[index]!;
    setCursorId(id);
    rowElement(id)?.focus();
    return true;
  };

  const withFocusedRow = (action: (ticketId: string) => void) => (): boolean => {
    const id = focusedRowId();
    if (id === null) return false;
    action(id);
    return true;
  };

  useShortcut('nextTicket', () => move(1));
  useShortcut('previousTicket', () => move(-1));
  useShortcut('openTicket', withFocusedRow(onOpen));
  useShortcut('selectTicket', withFocusedRow(onToggleSelected));

  const tabStop = cursor ?? ticketIds[0] ?? null;
  return {
    /** Spread on each row. */
    rowProps: (ticketId: string) => ({
      [ROW_ATTRIBUTE]: ticketId,
      tabIndex: ticketId === tabStop ? 0 : -1,
      // Focus reaching the row or a control in it (a click, Tab) moves the cursor there too.
      onFocus: () => setCursorId(ticketId),
    }),
  };
}

export type TicketRowShortcutProps = ReturnType<ReturnType<typeof useTicketListShortcuts>['rowProps']>;
