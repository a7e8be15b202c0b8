import type { ReactNode } from 'react';
import { Button } from './button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog';
import { Spinner } from './spinner';

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it, when the dialog carries its own (New Ticket, a row's Edit). */
  trigger?: ReactNode;
  title: ReactNode;
  /** Without one the title alone names the dialog (nothing for aria-describedby to point at). */
  description?: ReactNode;
  /** The content's width (`max-w-md`, `sm:max-w-2xl`). */
  className?: string;
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}

/** A modal with a title (and a description) above a form or a result: every form dialog's frame. */
export function FormDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  className,
  onCloseAutoFocus,
  children,
}: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent
        className={className}
        onCloseAutoFocus={onCloseAutoFocus}
        {...(description === undefined ? { 'aria-describedby': undefined } : {})}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description !== undefined && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

interface DialogActionsProps {
  className?: string;
  /** Omitted: no Cancel button. */
  cancelLabel?: ReactNode;
  /** Cancel's click; without one Cancel closes the dialog. */
  onCancel?: () => void;
  /** Omitted: no main button. */
  submitLabel?: ReactNode;
  /** The main button's click; without one it submits the form it stands in. */
  onSubmit?: () => void;
  /** The request is on its way: a spinner on the main button, which waits. */
  pending?: boolean;
  disabled?: boolean;
}

/** A form dialog's footer: Cancel (outline) and the main button, which spins while pending. */
export function DialogActions({
  className,
  cancelLabel,
  onCancel,
  submitLabel,
  onSubmit,
  pending = false,
  disabled = false,
}: DialogActionsProps) {
  const cancel = (
    <Button type="button" variant="outline" onClick={onCancel}>
      {cancelLabel}
    </Button>
  );
  return (
    <DialogFooter className={className}>
      {cancelLabel !== undefined && (onCancel ? cancel : <DialogClose asChild>{cancel}</DialogClose>)}
      {submitLabel !== undefined && (
        <Button type={onSubmit ? 'button' : 'submit'} onClick={onSubmit} disabled={pending || disabled}>
          {pending && <Spinner />}
          {submitLabel}
        </Button>
      )}
    </DialogFooter>
  );
}
