import { useRef } from 'react';

/**
 * Focus handlers for a Radix dialog's content: on closing, focus goes back to the element that had it
 * when the dialog opened. Radix returns it to a Trigger only, and dialogs opened from a ticket row, a
 * row's button kept in state, or a keyboard shortcut have none, so focus fell to the page's body. An
 * opener no longer on the page (a deleted ticket's row) leaves Radix's own behaviour.
 */
export function useReturnFocus(handlers: {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      // Focus has not moved into the dialog yet.
      const focused = document.activeElement;
      opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      handlers.onCloseAutoFocus?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}
