import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { handleUnauthorizedMutation } from '@/components/session-expiry';

/** The page's toasts, word for word from spec §5 and §8 "Time entries". */
export const TIME_TOASTS = {
  missing: { title: 'Validation Error', description: 'Please enter hours and notes' },
  created: { title: 'Time entry created successfully' },
  createFailed: 'Failed to create time entry',
} as const;

export function notifyMissingHoursOrNotes(): void {
  toast({ variant: 'destructive', ...TIME_TOASTS.missing });
}

export function notifyTimeEntryCreated(): void {
  toast(TIME_TOASTS.created);
}

/** A 401 is the Unauthorized flow; anything else shows the server's own words, else the fallback. */
export function notifyTimeEntryFailed(error: unknown): void {
  if (handleUnauthorizedMutation(error, 'page')) return;
  const serverMessage = error instanceof ApiError ? error.serverMessage : undefined;
  toast({ variant: 'destructive', title: TIME_TOASTS.createFailed, description: serverMessage });
}
