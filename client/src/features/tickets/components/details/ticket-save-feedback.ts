import { toast } from '@/components/ui/use-toast';
import { handleUnauthorizedMutation, type UnauthorizedSurface } from '@/components/session-expiry';

/** The detail's save toasts, word for word from spec §8 Tickets. */
export const TICKET_SAVE_TOASTS = {
  saved: { title: 'Ticket updated successfully' },
  failed: { title: 'Error', description: 'Failed to update ticket' },
} as const;

export function notifyTicketSaved(): void {
  toast(TICKET_SAVE_TOASTS.saved);
}

/** A 401 is the Unauthorized flow, worded for the dialog or the page; anything else the error toast. */
export function notifyTicketSaveFailed(error: unknown, surface: UnauthorizedSurface): void {
  if (handleUnauthorizedMutation(error, surface)) return;
  toast({ variant: 'destructive', ...TICKET_SAVE_TOASTS.failed });
}
