import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { handleUnauthorizedMutation } from '@/components/session-expiry';

/** The list's and the create dialog's toast texts, word for word from spec §5 and §8 Tickets. */
export const TICKET_LIST_TOASTS = {
  created: 'Ticket created successfully',
  createFailed: 'Failed to create ticket',
  bulkUpdated: 'Tickets updated successfully',
  bulkUpdateFailed: 'Failed to update tickets',
  bulkDeleted: 'Tickets deleted successfully',
  bulkDeleteFailed: 'Failed to delete tickets',
  deleted: 'Ticket deleted successfully',
  deleteFailed: 'Failed to delete ticket',
} as const;

const tickets = (count: number) => `${count} ${count === 1 ? 'ticket' : 'tickets'}`;
const tagsWord = (count: number) => (count === 1 ? 'Tag' : 'Tags');

/** The bulk bar's Add Tags and Remove Tags (issue 38), in the tone of the spec's bulk toasts. */
export const BULK_TAG_TOASTS = {
  added: (tagCount: number, ticketCount: number) => `${tagsWord(tagCount)} added to ${tickets(ticketCount)}`,
  removed: (tagCount: number, ticketCount: number) =>
    `${tagsWord(tagCount)} removed from ${tickets(ticketCount)}`,
  addFailed: 'Failed to add tags',
  removeFailed: 'Failed to remove tags',
} as const;

/** The Trash's toasts (issue 26), in the spec's tone. */
export const TRASH_TOASTS = {
  restored: 'Ticket restored successfully',
  restoreFailed: 'Failed to restore ticket',
  purged: 'Ticket deleted forever',
  purgeFailed: 'Failed to delete ticket',
} as const;

export const VALIDATION_TOAST = {
  title: 'Validation Error',
  description: 'Please fill in all required fields',
} as const;

export function notifySuccess(title: string): void {
  toast({ title });
}

/**
 * A 401 starts the Unauthorized flow; any other failure is a destructive "Error" toast. With
 * `preferServerMessage` the server's own words replace the fallback text (the create dialog does).
 */
export function notifyFailure(fallback: string, error: unknown, preferServerMessage = false): void {
  if (handleUnauthorizedMutation(error)) return;
  const serverMessage = error instanceof ApiError ? error.serverMessage : undefined;
  const description = (preferServerMessage && serverMessage) || fallback;
  toast({ variant: 'destructive', title: 'Error', description });
}

export function notifyValidationError(): void {
  toast({ variant: 'destructive', ...VALIDATION_TOAST });
}
