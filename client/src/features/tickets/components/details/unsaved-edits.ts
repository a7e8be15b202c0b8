import { createContext, useContext, useEffect } from 'react';

/**
 * Where a ticket detail's cards say they hold an edit not yet saved (issue 37: closing a dialog with
 * unsaved changes asks first). The dialog provides it; the page leaves it at the no-op default.
 * Notes and replies are not reported: their drafts are kept (use-draft.ts) and survive a close.
 */
export interface UnsavedEdits {
  report: (card: string, unsaved: boolean) => void;
}

export const UnsavedEditsContext = createContext<UnsavedEdits>({ report: () => undefined });

/** Keeps the dialog told whether `card` holds unsaved edits, and clears it when the card goes. */
export function useReportUnsavedEdits(card: string, unsaved: boolean): void {
  const { report } = useContext(UnsavedEditsContext);
  useEffect(() => {
    report(card, unsaved);
    return () => report(card, false);
  }, [report, card, unsaved]);
}
