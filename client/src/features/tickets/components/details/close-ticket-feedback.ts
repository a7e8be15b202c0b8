import type { HarvestSyncResult } from '@shared/contracts/time';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { listOfLabels } from '../../lib/custom-field-drafts';
import { handleUnauthorizedMutation, type UnauthorizedSurface } from '@/components/session-expiry';

/** The card's toasts, word for word from spec §4, §5 and §8. */
export const CLOSE_TICKET_TOASTS = {
  missing: { title: 'Missing Information', description: 'Please fill in time spent, project, and task' },
  closed: 'Ticket closed and time tracked successfully',
  failed: 'Failed to close ticket',
} as const;

/** Said under the success title when Harvest has not taken the time yet. */
const SYNC_NOTES = {
  synced: undefined,
  pending: 'The time entry is kept here and sent to Harvest as soon as it can be.',
  failed: 'Harvest refused the time entry; Time Tracking shows why.',
} as const satisfies Record<HarvestSyncResult, string | undefined>;

/**
 * The spec's "Missing Information" toast. Given the labels of custom fields required to close
 * (issue 38), the same toast names them instead: "Please fill in Category".
 */
export function notifyMissingInformation(fieldLabels: readonly string[] = []): void {
  const description =
    fieldLabels.length > 0
      ? `Please fill in ${listOfLabels(fieldLabels)}`
      : CLOSE_TICKET_TOASTS.missing.description;
  toast({ variant: 'destructive', title: CLOSE_TICKET_TOASTS.missing.title, description });
}

/** A value the user cannot correct in a field (rare: the pickers only offer valid ids). */
export function notifyCloseInvalid(message: string): void {
  toast({ variant: 'destructive', title: CLOSE_TICKET_TOASTS.failed, description: message });
}

export function notifyTicketClosed(harvestSync: HarvestSyncResult): void {
  toast({ title: CLOSE_TICKET_TOASTS.closed, description: SYNC_NOTES[harvestSync] });
}

/** A 401 is the Unauthorized flow for the dialog or the page; anything else quotes the server, if it said why. */
export function notifyCloseFailed(error: unknown, surface: UnauthorizedSurface): void {
  if (handleUnauthorizedMutation(error, surface)) return;
  const description = error instanceof ApiError ? error.serverMessage : undefined;
  toast({ variant: 'destructive', title: CLOSE_TICKET_TOASTS.failed, description });
}
