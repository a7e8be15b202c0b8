import { useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { openLoansQuestion, useOpenLoanCount } from '@/lib/ticket-loans';
import { useRetainedValue } from '@/lib/use-retained-value';

export const OPEN_LOANS_TEXTS = {
  title: 'Equipment Still Out',
  confirm: 'Close Anyway',
  cancel: 'Cancel',
} as const;

/**
 * Issue 42: closing a ticket with a loan not returned asks first ("1 loan is still out: close
 * anyway?"). The API still closes; the question is the web app's. `confirmClose(close)` runs `close`
 * at once when nothing is out, or after Close Anyway; `dialog` is the question, to render.
 */
export function useOpenLoansConfirm(ticketId: string) {
  const openLoans = useOpenLoanCount(ticketId);
  const [asking, setAsking] = useState(false);
  const pending = useRef<(() => void) | null>(null);
  // The count keeps its words while the dialog animates closed.
  const shownCount = useRetainedValue(asking ? openLoans : null);

  const confirmClose = (close: () => void) => {
    if (openLoans === 0) return close();
    pending.current = close;
    setAsking(true);
  };

  const dialog = (
    <ConfirmDialog
      open={asking}
      onOpenChange={(open) => {
        if (!open) setAsking(false);
      }}
      title={OPEN_LOANS_TEXTS.title}
      description={shownCount === null ? '' : openLoansQuestion(shownCount)}
      cancelLabel={OPEN_LOANS_TEXTS.cancel}
      confirmLabel={OPEN_LOANS_TEXTS.confirm}
      onConfirm={() => pending.current?.()}
    />
  );
  return { confirmClose, dialog };
}
