import {
  TIME_ENTRY_CHANGE_TEXTS as T,
  type DeleteTimeEntryResponse,
  type UpdateTimeEntryResponse,
} from '@shared/contracts/time';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { handleUnauthorizedMutation } from '@/components/session-expiry';

/** Harvest has locked the entry (approved or invoiced): 409, with Harvest's reason in the message. */
export const isLockedError = (error: unknown) => error instanceof ApiError && error.status === 409;

/** The entry can no longer be changed here: locked in Harvest, or gone (deleted elsewhere, 404). */
export const isUnchangeableError = (error: unknown) =>
  isLockedError(error) || (error instanceof ApiError && error.status === 404);

export function notifyTimeEntryUpdated({ timeEntry, harvestSync }: UpdateTimeEntryResponse): void {
  const description = timeEntry.syncStatus === 'local' ? T.updatedHereOnly : T.updatedIn[harvestSync];
  toast({ title: T.updated, description });
}

export function notifyTimeEntryDeleted(harvest: DeleteTimeEntryResponse['harvest']): void {
  toast({ title: T.deleted, description: T.deletedIn[harvest] || undefined });
}

/**
 * A 401 is the Unauthorized flow (the change was made in a dialog); a locked entry says so with the
 * server's words, which carry Harvest's reason; anything else is `title` with the server's words, if any.
 */
export function notifyTimeEntryChangeFailed(title: string, error: unknown): void {
  if (handleUnauthorizedMutation(error, 'dialog')) return;
  const description = error instanceof ApiError ? error.serverMessage : undefined;
  toast({ variant: 'destructive', title: isLockedError(error) ? T.locked : title, description });
}
