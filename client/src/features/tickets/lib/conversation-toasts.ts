import { MESSAGE_TEXTS, type SendReplyResponse } from '@shared/contracts/messages';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { handleUnauthorizedMutation, type UnauthorizedSurface } from '@/components/session-expiry';

/**
 * The Reply card's (and Retry's) success toast: the reply is stored and waits for the SMTP server.
 * A status change the reply made (an open ticket's first reply) is said under it.
 */
export function notifyReplyQueued(statusChange: SendReplyResponse['statusChange'] = null): void {
  const description = statusChange ? MESSAGE_TEXTS.replyMovedStatus(statusChange.to) : undefined;
  toast({ title: MESSAGE_TEXTS.replyQueued, description });
}

/**
 * A 401 is the Unauthorized flow of the dialog or page (spec §8); any other failure (400 naming the
 * field, 413, 503 while email is not set up) shows the server's own words under the title.
 */
export function notifyReplyFailed(error: unknown, surface: UnauthorizedSurface): void {
  if (handleUnauthorizedMutation(error, surface)) return;
  const description = error instanceof ApiError ? error.serverMessage : undefined;
  toast({ variant: 'destructive', title: MESSAGE_TEXTS.replyFailed, description });
}
