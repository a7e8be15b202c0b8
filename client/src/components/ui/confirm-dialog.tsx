import { useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './alert-dialog';
import { buttonVariants } from './button';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it, when the dialog carries its own (a row's Delete). */
  trigger?: ReactNode;
  title: ReactNode;
  /** The question, "Are you sure you want to delete …? This action cannot be undone." */
  description: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** A red confirm button: the answer deletes or takes away. */
  destructive?: boolean;
  /**
   * The confirm button's click. The dialog closes on it unless the handler calls
   * `event.preventDefault()` (to stay open while the change runs).
   */
  onConfirm: (event: MouseEvent<HTMLButtonElement>) => void;
  /** The cancel button's click, besides closing (Escape and the overlay go to onOpenChange only). */
  onCancel?: () => void;
  confirmDisabled?: boolean;
  cancelDisabled?: boolean;
  onCloseAutoFocus?: (event: Event) => void;
  /** What the answer is about, under the question (a review's figures). */
  children?: ReactNode;
  /**
   * Focus starts on the confirm button, not on Cancel, and Enter confirms: for a check the answer to
   * which is usually yes (a timer's review), never for one that deletes.
   */
  enterConfirms?: boolean;
}

/** A question with two answers (Cancel, and the confirm button), in a modal that focus returns from. */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  onConfirm,
  onCancel,
  confirmDisabled,
  cancelDisabled,
  onCloseAutoFocus,
  children,
  enterConfirms = false,
}: ConfirmDialogProps) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const focusConfirm = (event: Event) => {
    event.preventDefault();
    confirmRef.current?.focus();
  };
  // A click on the dialog's text moves focus to the dialog itself; Enter there still confirms.
  const confirmOnEnter = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
    event.preventDefault();
    confirmRef.current?.click();
  };
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent
        onCloseAutoFocus={onCloseAutoFocus}
        {...(enterConfirms ? { onOpenAutoFocus: focusConfirm, onKeyDown: confirmOnEnter } : {})}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancelDisabled} onClick={onCancel}>
            {cancelLabel}
          </AlertDialogCancel>
          <AlertDialogAction
            ref={confirmRef}
            className={destructive ? buttonVariants({ variant: 'destructive' }) : undefined}
            disabled={confirmDisabled}
            onClick={onConfirm}
          >
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
